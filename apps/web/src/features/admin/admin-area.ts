/** The back office's two entries, one chunk: its login page and the frame of every other page. */
export { AdminLoginPage } from './login/admin-login-page.tsx';
export { AdminShell } from './shell/admin-shell.tsx';
