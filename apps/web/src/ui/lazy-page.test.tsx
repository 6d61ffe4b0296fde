import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page.ts';

const Hello = () => <h1>你好</h1>;

describe('lazyPage', () => {
  it('loads its code on the first render, showing the Suspense fallback meanwhile', async () => {
    const load = vi.fn(() => Promise.resolve(Hello));
    const page = lazyPage(load);
    expect(load).not.toHaveBeenCalled();
    render(
      <Suspense fallback={<p>正在加载…</p>}>
        <page.Component />
      </Suspense>,
    );
    expect(screen.getByText('正在加载…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '你好' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledOnce();
  });

  it('renders a preloaded page at once, loading its code only once', async () => {
    const load = vi.fn(() => Promise.resolve(Hello));
    const page = lazyPage(load);
    await Promise.all([page.preload(), page.preload()]);
    render(
      <Suspense fallback={<p>正在加载…</p>}>
        <page.Component />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: '你好' })).toBeInTheDocument();
    expect(screen.queryByText('正在加载…')).toBeNull();
    expect(load).toHaveBeenCalledOnce();
  });

  it('a chunk that failed to load is fetched again next time', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Hello);
    const page = lazyPage(load);
    await expect(page.preload()).rejects.toThrow('offline');
    await page.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
