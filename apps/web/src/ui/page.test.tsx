import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../i18n/index.ts';
import { focusPageHeading, Page } from './page.tsx';

describe('page heading focus', () => {
  it('goes to the h1 of the page on screen', () => {
    render(
      <main>
        <Page title="个人中心" />
      </main>,
    );
    focusPageHeading();
    expect(screen.getByRole('heading', { level: 1, name: '个人中心' })).toHaveFocus();
  });

  it('asked for while the page is still loading, goes to its h1 when it comes (once)', () => {
    const view = render(<main />);
    focusPageHeading();
    view.rerender(
      <main>
        <Page title="登录" />
      </main>,
    );
    expect(screen.getByRole('heading', { level: 1, name: '登录' })).toHaveFocus();
    view.unmount();
    render(
      <main>
        <Page title="隐私政策" />
      </main>,
    );
    expect(screen.getByRole('heading', { level: 1, name: '隐私政策' })).not.toHaveFocus();
  });
});
