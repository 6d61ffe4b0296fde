import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok, renderApp } from '../../../test/test-utils.tsx';
import { resetSiteInfo } from './site-info.ts';

afterEach(() => {
  resetSiteInfo();
  vi.unstubAllGlobals();
});

function serverWithFiling(icpFiling: string | null) {
  return mockFetch((url) =>
    url.endsWith('/api/site') ? ok({ icpFiling }) : fail(404, 'not_found', 'not found'),
  );
}

describe('home footer: the ICP filing of the server settings (ICP_FILING)', () => {
  it('links the filing to the MIIT register when the server has one', async () => {
    serverWithFiling('京ICP备12345678号-1');
    renderApp('/');
    const link = await screen.findByRole('link', { name: '京ICP备12345678号-1' });
    expect(link).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
    expect(screen.getByRole('contentinfo')).toContainElement(link);
  });

  it('shows no footer, and no placeholder, when the server has none', async () => {
    const fetch = serverWithFiling(null);
    renderApp('/');
    await vi.waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(expect.stringMatching(/\/api\/site$/), expect.anything()),
    );
    await screen.findByRole('heading', { level: 1, name: '帮我看看' });
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByText(/ICP/)).toBeNull();
  });

  it('shows no footer when the server cannot be reached', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: '帮我看看' });
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });
});
