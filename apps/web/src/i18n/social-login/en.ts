import type { socialLoginZhCN } from './zh-CN.ts';

/** English texts of third-party login: the login page's button and the callback page. */
export const socialLoginEn: typeof socialLoginZhCN = {
  or: 'or',
  button: 'Log in with {{provider}}',
  starting: 'Going to {{provider}} to log in…',
  finishing: 'Finishing the third-party login…',
  backToLogin: 'Back to the login page',
  bindPhone: 'Bind a phone number',
  phoneBound: 'Phone number bound',
};
