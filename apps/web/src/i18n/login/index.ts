import { textNamespace } from '../namespace.ts';
import { loginEn } from './en.ts';
import { loginZhCN } from './zh-CN.ts';

/** The login page (login, register, password reset), third-party login (`social.`) and the password fields the personal centre borrows: `useTranslation(LOGIN_NS)`. */
export const LOGIN_NS = textNamespace('login', loginZhCN, loginEn);
