import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/session-store.ts';
import { platform } from '../platform/index.ts';
import { loginAs, renderApp } from '../../test/test-utils.tsx';
import { shouldShowPrivacyGate } from './privacy-gate.tsx';

const dialog = () => screen.queryByRole('dialog', { name: '隐私政策' });
/** The dialog loads on demand (only someone who has not accepted needs it). */
const shown = () => screen.findByRole('dialog', { name: '隐私政策' });
/** Its code is here and React has had its turn: a dialog not shown by now is not shown at all. */
const dialogCodeLoaded = () =>
  act(async () => {
    await import('./privacy-dialog.tsx');
  });

describe('privacy gate', () => {
  it('covers every page but /, /download and /privacy on web until accepted', () => {
    const web = false;
    const android = true;
    for (const path of ['/', '/download', '/privacy'])
      expect(shouldShowPrivacyGate(path, false, web)).toBe(false);
    for (const path of ['/login', '/see-for-me', '/profile', '/bme_admin'])
      expect(shouldShowPrivacyGate(path, false, web)).toBe(true);
    expect(shouldShowPrivacyGate('/login', true, web)).toBe(false);
    expect(shouldShowPrivacyGate('/login', false, android)).toBe(false);
  });

  it('shows a labelled, described modal dialog with its three buttons on /login', async () => {
    renderApp('/login');
    await shown();
    const d = dialog();
    expect(d).toBeInTheDocument();
    expect(d).toHaveAttribute('open');
    expect(d).toHaveAttribute('aria-modal', 'true');
    expect(d).toHaveAccessibleDescription(/摄像头和麦克风权限/);
    expect(screen.getByRole('button', { name: '查看完整隐私政策' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '我已阅读并同意《隐私政策》' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '不同意并退出' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '隐私政策' })).toHaveFocus();
  });

  it('is not shown on /, /download, /privacy', async () => {
    for (const path of ['/', '/download', '/privacy']) {
      const view = renderApp(path);
      await dialogCodeLoaded();
      expect(dialog()).toBeNull();
      view.unmount();
    }
  });

  it('is never shown on Android', async () => {
    vi.spyOn(platform, 'name').mockReturnValue('android');
    vi.spyOn(platform, 'isNative').mockReturnValue(true);
    renderApp('/login', { native: true });
    await dialogCodeLoaded();
    expect(dialog()).toBeNull();
  });

  it('is shown on iPhone, as on the web (the spec exempts Android only)', async () => {
    vi.spyOn(platform, 'name').mockReturnValue('ios');
    vi.spyOn(platform, 'isNative').mockReturnValue(true);
    renderApp('/login', { native: true });
    await shown();
    expect(dialog()).toBeInTheDocument();
    screen.getByRole('button', { name: '不同意并退出' }).click();
    expect(await screen.findByText(/不同意隐私政策就无法使用本应用/)).toBeInTheDocument();
  });

  it('Esc does not dismiss it', async () => {
    renderApp('/login');
    await shown();
    const d = dialog() as HTMLDialogElement;
    const cancel = new Event('cancel', { cancelable: true });
    d.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    d.close();
    expect(d).toHaveAttribute('open');
  });

  it('accepting stores privacyAccepted and stays on /login with its redirect, focus on its h1', async () => {
    const { router } = renderApp('/login?redirect=%2Faichat');
    await shown();
    await userEvent.click(screen.getByRole('button', { name: '我已阅读并同意《隐私政策》' }));
    expect(dialog()).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: '登录' })).toHaveFocus();
    expect(localStorage.getItem('privacyAccepted')).toBe('true');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Faichat');
  });

  it('asks once whether a screen reader is in use: accepted as is, the app keeps its own voice', async () => {
    renderApp('/login');
    await shown();
    const question = screen.getByRole('checkbox', { name: /我在使用读屏软件/ });
    expect(question).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: '我已阅读并同意《隐私政策》' }));
    expect(localStorage.getItem('speakWithScreenReader')).toBeNull();
  });

  it('ticked, the screen reader becomes the only voice (one tap or Space, then accept)', async () => {
    renderApp('/login');
    await shown();
    screen.getByRole('checkbox', { name: /我在使用读屏软件/ }).focus();
    await userEvent.keyboard(' ');
    await userEvent.click(screen.getByRole('button', { name: '我已阅读并同意《隐私政策》' }));
    expect(localStorage.getItem('speakWithScreenReader')).toBe('true');
  });

  it('accepting when logged in stays on the page', async () => {
    loginAs({ userType: 0 });
    const { router } = renderApp('/see-for-me');
    await shown();
    await userEvent.click(screen.getByRole('button', { name: '我已阅读并同意《隐私政策》' }));
    expect(dialog()).toBeNull();
    expect(router.state.location.pathname).toBe('/see-for-me');
    expect(useSession.getState().privacyAccepted).toBe(true);
  });

  it('"查看完整隐私政策" opens /privacy', async () => {
    const { router } = renderApp('/login');
    await shown();
    await userEvent.click(screen.getByRole('button', { name: '查看完整隐私政策' }));
    expect(router.state.location.pathname).toBe('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: '隐私政策' })).toBeInTheDocument();
    expect(dialog()).toBeNull();
  });

  it('declining closes the window, and says so when the browser refuses', async () => {
    const close = vi.spyOn(platform, 'closeWindow').mockImplementation(() => undefined);
    vi.spyOn(platform, 'isWindowOpen').mockReturnValue(true);
    renderApp('/login');
    await shown();
    await userEvent.click(screen.getByRole('button', { name: '不同意并退出' }));
    expect(close).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('浏览器不允许网页自行关闭，请手动关闭此标签页。')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(localStorage.getItem('privacyAccepted')).toBeNull();
  });
});
