import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { i18n } from '../i18n/index.ts';
import { loginAs, seedStorage } from '../../test/test-utils.tsx';
import { useSession } from '../session/session-store.ts';
import { lazyPage } from '../ui/lazy-page.ts';
import { navigate } from '../ui/navigation.ts';
import { Page } from '../ui/page.tsx';
import { AppRouter } from './app-router.tsx';
import { RootLayout } from './root-layout.tsx';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('root layout with lazily loaded pages', () => {
  it('keeps the last page on screen while the next one loads, then focuses the new h1', async () => {
    loginAs({ userType: 0 });
    seedStorage({ privacyAccepted: 'true' });
    useSession.setState({ initialized: true });
    const code = deferred<() => React.JSX.Element>();
    const next = lazyPage(() => code.promise);
    window.history.replaceState(null, '', '/first');
    render(
      <I18nextProvider i18n={i18n}>
        <AppRouter>
          <RootLayout features={[]} native={false}>
            <Route path="/first">
              <Page title="第一页" />
            </Route>
            <Route path="/next">
              <next.Component />
            </Route>
          </RootLayout>
        </AppRouter>
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: '第一页' })).toBeInTheDocument();
    act(() => navigate('/next'));
    expect(screen.getByRole('heading', { level: 1, name: '第一页' })).toBeInTheDocument();
    expect(screen.queryByText('正在加载…')).toBeNull();
    await act(async () => code.resolve(() => <Page title="下一页" />));
    const heading = await screen.findByRole('heading', { level: 1, name: '下一页' });
    await waitFor(() => expect(heading).toHaveFocus());
  });
});
