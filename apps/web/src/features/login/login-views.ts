/** What the login page shows: its three tabs, the forgotten password's view, and each one's fields and texts. */

export type LoginTab = 'password' | 'sms' | 'register';
export const LOGIN_TABS: readonly LoginTab[] = ['password', 'sms', 'register'];
/** The three tabs, and the forgotten password's own view (reached from the password tab, no tabs). */
export type LoginView = LoginTab | 'reset';
export type LoginField = 'phone' | 'password' | 'nickname' | 'code' | 'newPassword';
export type LoginValues = Record<LoginField, string>;

export const EMPTY_LOGIN_VALUES: LoginValues = {
  phone: '',
  password: '',
  nickname: '',
  code: '',
  newPassword: '',
};

/** Each view's fields in screen order: the first invalid one takes focus. */
export const FIELD_ORDER: Record<LoginView, readonly LoginField[]> = {
  password: ['phone', 'password'],
  sms: ['phone', 'code'],
  register: ['phone', 'code', 'password', 'nickname'],
  reset: ['phone', 'code', 'newPassword'],
};

export const TAB_LABEL: Record<LoginTab, string> = {
  password: 'tabPassword',
  sms: 'tabSms',
  register: 'tabRegister',
};

/** Each view's title, submit button, progress status and success, by message key. */
export const VIEW_TEXT: Record<
  LoginView,
  { title: string; submit: string; submitting: string; success: string }
> = {
  password: {
    title: 'titleLogin',
    submit: 'submitLogin',
    submitting: 'submittingLogin',
    success: 'success',
  },
  sms: {
    title: 'titleLogin',
    submit: 'submitLogin',
    submitting: 'submittingLogin',
    success: 'success',
  },
  register: {
    title: 'titleRegister',
    submit: 'submitRegister',
    submitting: 'submittingRegister',
    success: 'registerSuccess',
  },
  reset: {
    title: 'titleReset',
    submit: 'submitReset',
    submitting: 'submittingReset',
    success: 'resetSuccess',
  },
};

export const loginPanelId = (tab: LoginTab) => `login-panel-${tab}`;
