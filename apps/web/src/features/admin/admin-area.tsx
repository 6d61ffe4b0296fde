import type { BackOffice } from '../../back-office/back-office-manifest.ts';
import { AdminLoginPage } from './login/admin-login-page.tsx';
import type { AdminArea } from './manifest.ts';
import { AdminShell } from './shell/admin-shell.tsx';

/** The back office's two entries: its login page, and the frame of every other page around `backOffice`. */
export function adminArea(backOffice: BackOffice): AdminArea {
  return {
    LoginPage: AdminLoginPage,
    Shell: function BackOfficeShell() {
      return <AdminShell backOffice={backOffice} />;
    },
  };
}
