import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fail,
  mockFetch,
  ok,
  renderApp,
  seedStorage,
  testSession,
  type FetchHandler,
} from '../../../test/test-utils.tsx';
import { noteSessionEnded, useSession } from '../../session/index.ts';
import { speechOutput } from '../speech/index.ts';

beforeEach(() => seedStorage({ privacyAccepted: 'true' }));

const phone = () => screen.getByLabelText('手机号');
const password = () => screen.getByLabelText('密码');
const formAlert = () => document.getElementById('login-alert')!;
const submit = (name = '登录') => screen.getByRole('button', { name });

const SOCIAL_INFO = '/api/auth/social';
/**
 * The page also asks whether a third-party login is offered (none here), and the shell's voice
 * button what the server can hear: these tests are about the forms.
 */
const ASIDE = new Set([SOCIAL_INFO, '/api/capabilities']);
function mockForms(handler: FetchHandler) {
  const fetch = mockFetch((url, init) => (url === SOCIAL_INFO ? ok({ provider: null }) : handler(url, init)));
  return { calls: () => fetch.mock.calls.filter(([url]) => !ASIDE.has(String(url))) };
}

describe('/login', () => {
  it('after a ban ended the session, says why once on arrival (shown in the alert and in the app voice)', async () => {
    const speak = vi.spyOn(speechOutput, 'speak').mockResolvedValue(undefined);
    noteSessionEnded('该账号已被封禁：发布违规内容');
    mockForms(() => ok(null));
    renderApp('/login');
    await waitFor(() =>
      expect(document.getElementById('login-alert')).toHaveTextContent('该账号已被封禁：发布违规内容'),
    );
    await waitFor(() => expect(speak).toHaveBeenCalledWith('该账号已被封禁：发布违规内容'));
    speak.mockRestore();
  });

  it('has h1 登录, three tabs and labelled fields', () => {
    renderApp('/login');
    expect(screen.getByRole('heading', { level: 1, name: '登录' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['密码登录', '验证码登录', '注册']);
    expect(screen.getByRole('tab', { name: '密码登录' })).toHaveAttribute('aria-selected', 'true');
    expect(phone()).toHaveAttribute('inputmode', 'numeric');
    expect(phone()).toHaveAttribute('autocomplete', 'tel');
    expect(password()).toHaveAttribute('autocomplete', 'current-password');
    expect(password()).toHaveAttribute('type', 'password');
    expect(document.title).toBe('登录 - 帮我看看');
  });

  it('moves between tabs with the arrow keys; the register tab says 注册', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    screen.getByRole('tab', { name: '密码登录' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: '验证码登录' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: '验证码登录' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('验证码')).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeEnabled();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: '注册' })).toHaveFocus();
    expect(screen.getByRole('heading', { level: 1, name: '注册' })).toBeInTheDocument();
    expect(screen.getByLabelText('昵称（可选）')).toBeInTheDocument();
    expect(password()).toHaveAttribute('autocomplete', 'new-password');
    expect(submit('注册')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: '密码登录' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: '注册' })).toHaveFocus();
  });

  it('toggles password visibility with an aria-pressed button', async () => {
    renderApp('/login');
    const toggle = screen.getByRole('button', { name: '显示密码' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(password()).toHaveAttribute('type', 'text');
  });

  it('validates with the protocol schemas: each error once, beside its field, focus on the first', async () => {
    const fetch = mockForms(() => ok(null));
    renderApp('/login');
    await userEvent.click(submit());
    expect(phone()).toHaveAttribute('aria-invalid', 'true');
    expect(phone()).toHaveAccessibleDescription('请输入有效的 11 位手机号');
    expect(password()).toHaveAccessibleDescription('请输入密码');
    expect(phone()).toHaveFocus();
    expect(screen.getAllByText('请输入有效的 11 位手机号')).toHaveLength(1);
    expect(formAlert()).toBeEmptyDOMElement();
    expect(fetch.calls()).toEqual([]);
  });

  it('says the error through the alert region when focus is already on the invalid field, and takes it back once fixed', async () => {
    mockFetch(() => ok(null));
    renderApp('/login');
    await userEvent.type(phone(), '12345');
    await userEvent.type(password(), 'whatever-1{Enter}');
    expect(phone()).toHaveFocus();
    await userEvent.type(phone(), '{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('live-alert')).toHaveTextContent('请输入有效的 11 位手机号'),
    );
    await userEvent.type(phone(), '6');
    expect(screen.getByTestId('live-alert')).toBeEmptyDOMElement();
    expect(phone()).not.toHaveAttribute('aria-invalid');
  });

  it('register: code missing, password too short; sms: code format', async () => {
    const fetch = mockForms(() => ok(null));
    renderApp('/login');
    await userEvent.click(screen.getByRole('tab', { name: '注册' }));
    await userEvent.type(phone(), '13800138000');
    await userEvent.type(password(), 'short');
    await userEvent.click(submit('注册'));
    expect(screen.getByLabelText('验证码')).toHaveAccessibleDescription('验证码为 6 位数字');
    expect(screen.getByLabelText('验证码')).toHaveFocus();
    expect(password()).toHaveAccessibleDescription('密码至少 8 位');
    await userEvent.type(screen.getByLabelText('验证码'), '123456');
    await userEvent.click(submit('注册'));
    expect(password()).toHaveAccessibleDescription('密码至少 8 位');
    expect(password()).toHaveFocus();
    expect(fetch.calls()).toEqual([]);

    await userEvent.click(screen.getByRole('tab', { name: '验证码登录' }));
    // the code typed for the registration stays with the phone
    expect(screen.getByLabelText('验证码')).toHaveValue('123456');
    await userEvent.clear(screen.getByLabelText('验证码'));
    await userEvent.type(screen.getByLabelText('验证码'), '12');
    await userEvent.click(submit());
    expect(screen.getByLabelText('验证码')).toHaveAccessibleDescription('验证码为 6 位数字');
  });

  it('shows the server message in the alert and takes back the "正在登录…" status', async () => {
    let answer: (r: Response) => void = () => undefined;
    mockFetch(() => new Promise<Response>((r) => (answer = r)));
    renderApp('/login');
    await userEvent.type(phone(), '13800138000');
    await userEvent.type(password(), 'wrong-password');
    await userEvent.click(submit());
    await waitFor(() => expect(screen.getByTestId('live-polite')).toHaveTextContent('正在登录…'));
    await act(async () => answer(fail(401, 'errors.login_failed', '手机号或密码错误')));
    await waitFor(() => expect(formAlert()).toHaveTextContent('手机号或密码错误'));
    expect(submit()).toBeEnabled();
    expect(useSession.getState().token).toBeNull();
    expect(screen.getByTestId('live-polite')).toBeEmptyDOMElement();
  });

  it('shows a server error about a field under that field only, and focuses it', async () => {
    mockFetch(() => fail(401, 'sms_code_invalid', '验证码错误或已过期', 'code'));
    renderApp('/login');
    await userEvent.click(screen.getByRole('tab', { name: '注册' }));
    await userEvent.type(phone(), '13800138000');
    await userEvent.type(screen.getByLabelText('验证码'), '123456');
    await userEvent.type(password(), 'long-enough');
    await userEvent.click(submit('注册'));
    const code = screen.getByLabelText('验证码');
    await waitFor(() => expect(code).toHaveAccessibleDescription('验证码错误或已过期'));
    expect(code).toHaveFocus();
    expect(screen.getAllByText('验证码错误或已过期')).toHaveLength(1);
    expect(formAlert()).toBeEmptyDOMElement();
    expect(useSession.getState().token).toBeNull();
  });

  it('is busy while submitting, then stores the session, announces and follows the redirect', async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetch = mockForms(() => new Promise<Response>((r) => (answer = r)));
    const { router } = renderApp('/login?redirect=%2Faichat');
    await userEvent.type(phone(), '138 0013 8000');
    await userEvent.type(password(), 'correct-horse');
    await userEvent.click(submit());
    expect(submit()).toBeDisabled();
    expect(submit()).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(screen.getByTestId('live-polite')).toHaveTextContent('正在登录…'));
    expect(JSON.parse(String(fetch.calls()[0]![1]?.body))).toEqual({
      phone: '13800138000',
      password: 'correct-horse',
    });
    await act(async () => answer(ok(testSession({ userType: 0 })) as Response));
    await waitFor(() => expect(router.state.location.pathname).toBe('/aichat'));
    expect(localStorage.getItem('token')).toBe('jwt-1');
    await waitFor(() => expect(screen.getByTestId('live-polite')).toHaveTextContent('登录成功'));
  });

  it('without a redirect goes to /role-select when the user has no role', async () => {
    mockFetch(() => ok(testSession({ userType: null })));
    const { router } = renderApp('/login');
    await userEvent.type(phone(), '13800138000');
    await userEvent.type(password(), 'correct-horse');
    await userEvent.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/role-select'));
  });

  it('ignores an absolute redirect and goes to /see-for-me when the user has a role', async () => {
    mockFetch(() => ok(testSession({ userType: 1 })));
    const { router } = renderApp('/login?redirect=https%3A%2F%2Fevil.example');
    await userEvent.type(phone(), '13800138000');
    await userEvent.type(password(), 'correct-horse');
    await userEvent.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/see-for-me'));
  });

  it('registration logs the user in and asks for the role before the redirect target', async () => {
    const fetch = mockForms(() => ok(testSession({ nickname: '小明' })));
    const { router } = renderApp('/login?redirect=%2Fprofile');
    await userEvent.click(screen.getByRole('tab', { name: '注册' }));
    await userEvent.type(phone(), '13800138000');
    await userEvent.type(screen.getByLabelText('验证码'), '123456');
    await userEvent.type(password(), 'long-enough');
    await userEvent.type(screen.getByLabelText('昵称（可选）'), '小明');
    await userEvent.click(submit('注册'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/role-select'));
    expect(router.state.location.search).toBe('?redirect=%2Fprofile');
    expect(fetch.calls()[0]![0]).toBe('/api/auth/register');
    expect(JSON.parse(String(fetch.calls()[0]![1]?.body))).toEqual({
      phone: '13800138000',
      code: '123456',
      password: 'long-enough',
      nickname: '小明',
    });
    expect(useSession.getState().user?.nickname).toBe('小明');
  });

  it('"获取验证码" sends the code and counts down, disabled meanwhile', async () => {
    const fetch = mockForms(() => ok({ expiresInSeconds: 300, resendAfterSeconds: 60 }));
    renderApp('/login');
    await userEvent.click(screen.getByRole('tab', { name: '验证码登录' }));
    await userEvent.type(phone(), '13800138000');
    await userEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    const countdown = await screen.findByRole('button', { name: '60 秒后重新获取' });
    expect(countdown).toBeDisabled();
    expect(fetch.calls()[0]![0]).toBe('/api/auth/sms/send');
    expect(screen.getByLabelText('验证码')).toHaveFocus();
  });
  it('register asks for the SMS code first: fields phone, code, password, nickname; the code is sent and posted', async () => {
    const fetch = mockForms((url) =>
      url === '/api/auth/sms/send'
        ? ok({ expiresInSeconds: 300, resendAfterSeconds: 60 })
        : ok(testSession({ userType: 1 })),
    );
    const { router } = renderApp('/login');
    await userEvent.click(screen.getByRole('tab', { name: '注册' }));
    const panel = screen.getByRole('tabpanel');
    expect([...panel.querySelectorAll('input')].map((input) => input.labels?.[0]?.textContent)).toEqual([
      '手机号',
      '验证码',
      '密码',
      '昵称（可选）',
    ]);
    await userEvent.type(phone(), '13800138000');
    await userEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: '60 秒后重新获取' })).toBeDisabled();
    expect(screen.getByLabelText('验证码')).toHaveFocus();
    await waitFor(() => expect(screen.getByTestId('live-polite')).toHaveTextContent('验证码已发送'));
    await userEvent.type(screen.getByLabelText('验证码'), '654321');
    await userEvent.type(password(), 'long-enough');
    await userEvent.click(submit('注册'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/see-for-me'));
    expect(fetch.calls().map(([url]) => url)).toEqual(['/api/auth/sms/send', '/api/auth/register']);
    expect(JSON.parse(String(fetch.calls()[0]![1]?.body))).toEqual({ phone: '13800138000' });
    expect(JSON.parse(String(fetch.calls()[1]![1]?.body))).toEqual({
      phone: '13800138000',
      code: '654321',
      password: 'long-enough',
    });
    expect(localStorage.getItem('token')).toBe('jwt-1');
    await waitFor(() => expect(screen.getByTestId('live-polite')).toHaveTextContent('注册成功，已为您登录'));
  });

  it('"忘记密码？" opens the reset view (no tabs, focus on its heading); "返回密码登录" goes back to the tab', async () => {
    mockForms(() => ok(null));
    renderApp('/login');
    await userEvent.type(phone(), '13800138000');
    const forgot = screen.getByRole('button', { name: '忘记密码？' });
    await userEvent.click(forgot);
    const heading = screen.getByRole('heading', { level: 1, name: '找回密码' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe('找回密码 - 帮我看看');
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByRole('button', { name: '忘记密码？' })).toBeNull();
    // the phone typed on the password tab stays
    expect(phone()).toHaveValue('13800138000');
    expect(screen.getByLabelText('新密码')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByRole('button', { name: '重置密码并登录' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '返回密码登录' }));
    const tab = screen.getByRole('tab', { name: '密码登录' });
    await waitFor(() => expect(tab).toHaveFocus());
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 1, name: '登录' })).toBeInTheDocument();
  });

  it('reset: validates, sends the code, posts {phone, code, newPassword}, then logs in like a login', async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetch = mockForms((url) =>
      url === '/api/auth/sms/send'
        ? ok({ expiresInSeconds: 300, resendAfterSeconds: 60 })
        : new Promise<Response>((r) => (answer = r)),
    );
    const { router } = renderApp('/login?redirect=%2Faichat');
    await userEvent.click(screen.getByRole('button', { name: '忘记密码？' }));
    const newPassword = () => screen.getByLabelText('新密码');
    const code = () => screen.getByLabelText('验证码');
    await userEvent.click(screen.getByRole('button', { name: '重置密码并登录' }));
    expect(phone()).toHaveAccessibleDescription('请输入有效的 11 位手机号');
    expect(code()).toHaveAccessibleDescription('验证码为 6 位数字');
    expect(newPassword()).toHaveAccessibleDescription('密码至少 8 位');
    expect(phone()).toHaveFocus();
    expect(fetch.calls()).toEqual([]);

    await userEvent.type(phone(), '13800138000');
    await userEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(code()).toHaveFocus());
    await userEvent.type(code(), '246810');
    await userEvent.type(newPassword(), 'brand-new-pass');
    await userEvent.click(screen.getByRole('button', { name: '重置密码并登录' }));
    expect(screen.getByRole('button', { name: '重置密码并登录' })).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(screen.getByTestId('live-polite')).toHaveTextContent('正在重置密码…'));
    expect(fetch.calls().map(([url]) => url)).toEqual(['/api/auth/sms/send', '/api/auth/password/reset']);
    expect(JSON.parse(String(fetch.calls()[1]![1]?.body))).toEqual({
      phone: '13800138000',
      code: '246810',
      newPassword: 'brand-new-pass',
    });
    await act(async () => answer(ok(testSession({ userType: 0 }))));
    await waitFor(() => expect(router.state.location.pathname).toBe('/aichat'));
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(useSession.getState().user?.id).toBe('u1');
    await waitFor(() =>
      expect(screen.getByTestId('live-polite')).toHaveTextContent('密码已重置，已为您登录'),
    );
  });

  it('reset: a wrong code is said under the code field, focus there, nothing stored', async () => {
    mockForms(() => fail(401, 'sms_code_invalid', '验证码错误或已过期', 'code'));
    renderApp('/login');
    await userEvent.click(screen.getByRole('button', { name: '忘记密码？' }));
    await userEvent.type(phone(), '13800138000');
    await userEvent.type(screen.getByLabelText('验证码'), '111111');
    await userEvent.type(screen.getByLabelText('新密码'), 'brand-new-pass');
    await userEvent.click(screen.getByRole('button', { name: '重置密码并登录' }));
    const code = screen.getByLabelText('验证码');
    await waitFor(() => expect(code).toHaveAccessibleDescription('验证码错误或已过期'));
    expect(code).toHaveFocus();
    expect(formAlert()).toBeEmptyDOMElement();
    expect(useSession.getState().token).toBeNull();
  });
});
