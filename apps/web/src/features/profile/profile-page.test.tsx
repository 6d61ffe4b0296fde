import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { loginAs, mockFetch, ok, renderApp, seedStorage, testUser } from '../../../test/test-utils.tsx';
import { speechOutput } from '../speech/index.ts';
import { SPEECH_RATES } from '../settings/index.ts';
import { maskPhone } from './mask-phone.ts';

describe('/profile', () => {
  it('shows who you are with a masked phone and the role in words', () => {
    loginAs({ userType: 0 });
    seedStorage({ privacyAccepted: 'true' });
    renderApp('/profile');
    expect(screen.getByRole('heading', { level: 1, name: '个人中心' })).toBeInTheDocument();
    expect(screen.getByText('手机号：138****8000')).toBeInTheDocument();
    expect(screen.getByText('身份：求助者')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '更改身份' })).toHaveAttribute('href', '/role-select');
    for (const [name, href] of [
      ['积分明细', '/points-logs'],
      ['充值与会员', '/points-recharge'],
      ['操作设置', '/operation-settings'],
      ['帮助', '/help'],
      ['捐助', '/donate'],
      ['联系我们', '/contact-us'],
      ['隐私政策', '/privacy'],
      ['下载 App', '/download'],
    ]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('offers speech rates 0.5× to 3× in 0.25 steps, stores and PATCHes the choice', async () => {
    expect(SPEECH_RATES).toEqual([0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.25, 2.5, 2.75, 3]);
    expect(maskPhone('13800138000')).toBe('138****8000');
    loginAs({ userType: 0 });
    seedStorage({ privacyAccepted: 'true' });
    const fetch = mockFetch(() => ok(testUser({ userType: 0, speechRate: 1.5 })));
    renderApp('/profile');
    const select = screen.getByRole('combobox', { name: '语速' });
    expect(select).toHaveValue('1');
    await userEvent.selectOptions(select, '1.5');
    expect(localStorage.getItem('speechRate')).toBe('1.5');
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => url === '/api/users/me')).toBe(true));
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/users/me')!;
    expect(JSON.parse(String(init?.body))).toEqual({ speechRate: 1.5 });
  });

  it('the screen-reader voice checkbox toggles, persists, stops speech and says its new state', async () => {
    loginAs({ userType: 0 });
    seedStorage({ privacyAccepted: 'true' });
    const stopAll = vi.spyOn(speechOutput, 'stopAll');
    renderApp('/profile');
    const box = screen.getByRole('checkbox', { name: '由屏幕阅读器朗读结果' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(
      '开启后应用不再自己发声，结果交给读屏软件（如 TalkBack、VoiceOver、NVDA）朗读，避免两个声音同时说话',
    );
    await userEvent.click(box);
    expect(box).toBeChecked();
    expect(localStorage.getItem('speakWithScreenReader')).toBe('true');
    expect(stopAll).toHaveBeenCalledOnce();
    await waitFor(() =>
      expect(screen.getByTestId('live-polite')).toHaveTextContent('已开启，结果由屏幕阅读器朗读'),
    );
    // the label is part of the target: clicking the words toggles too
    await userEvent.click(screen.getByText('由屏幕阅读器朗读结果'));
    expect(box).not.toBeChecked();
    expect(localStorage.getItem('speakWithScreenReader')).toBe('false');
    expect(stopAll).toHaveBeenCalledTimes(2);
    await waitFor(() =>
      expect(screen.getByTestId('live-polite')).toHaveTextContent('已关闭，结果由应用自己朗读'),
    );
  });

  it('the checkbox shows a stored choice', () => {
    loginAs({ userType: 0 });
    seedStorage({ privacyAccepted: 'true', speakWithScreenReader: 'true' });
    renderApp('/profile');
    expect(screen.getByRole('checkbox', { name: '由屏幕阅读器朗读结果' })).toBeChecked();
  });

  it('退出登录 logs out, goes to /login and announces it', async () => {
    loginAs({ userType: 0 });
    seedStorage({ privacyAccepted: 'true', speechRate: '2' });
    const fetch = mockFetch(() => ok(null));
    const { router } = renderApp('/profile');
    await userEvent.click(screen.getByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('speechRate')).toBe('2');
    expect(localStorage.getItem('privacyAccepted')).toBe('true');
    expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/auth/logout');
    await waitFor(() => expect(screen.getByTestId('live-polite')).toHaveTextContent('已退出登录'));
  });
});
