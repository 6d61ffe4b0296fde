import { AdminLoginRequest, endpoints } from '@sfm/protocol';
import { Alert, Button, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation, useSearchParams } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { ADMIN_NS } from '../../../i18n/admin/index.ts';
import { useSession } from '../../../session/index.ts';
import { announce } from '../../../ui/announcer.tsx';
import { safeRedirect } from '../../../ui/routes.ts';
import {
  ADMIN_HOME,
  ADMIN_ROOT,
  adminCall,
  protocolRule,
  useAdminNotice,
  useSubmit,
} from '../../../back-office/index.ts';
import { AdminHeading } from '../shell/admin-heading.tsx';
import { AdminProviders } from '../shell/admin-providers.tsx';
import { endAdminSession, isLogout } from '../shell/logout.ts';

/** Only a page of the back office is a place to go on to after signing in. */
function afterLogin(redirect: string | null): string {
  const target = safeRedirect(redirect);
  return target?.startsWith(`${ADMIN_ROOT}/`) ? target : ADMIN_HOME;
}

interface Values {
  username: string;
  password: string;
}

/** The protocol's own rule, so the form says what the server would. */
const required = (field: keyof Values) => protocolRule(AdminLoginRequest.shape[field]);

function LoginForm() {
  const { t } = useTranslation(ADMIN_NS);
  const setAdminToken = useSession((s) => s.setAdminToken);
  const notice = useAdminNotice((s) => s.text);
  const { busy, error, submit: send } = useSubmit();
  // the reason the last session ended is for this visit of the page only
  useEffect(() => () => useAdminNotice.getState().clear(), []);

  const submit = async (values: Values) => {
    const endStatus = announce(t('login.submitting'));
    await send(
      () => adminCall(endpoints.adminLogin, values),
      ({ token }) => {
        useAdminNotice.getState().clear();
        announce(t('login.success'));
        // the page then goes on to the redirect (below)
        setAdminToken(token);
      },
    );
    endStatus();
  };

  return (
    <div className="admin-login__card">
      <AdminHeading title={t('login.title')} />
      <div role="alert">
        {error || notice ? <Alert type="error" showIcon title={error || notice} /> : null}
      </div>
      <Form<Values> layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
        <Form.Item label={t('login.username')} name="username" rules={[required('username')]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item label={t('login.password')} name="password" rules={[required('password')]}>
          {/* antd's show-password eye is a 14 px icon that is not a button: too small, and mute to a keyboard */}
          <Input.Password autoComplete="current-password" visibilityToggle={false} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('login.submit')}
        </Button>
      </Form>
    </div>
  );
}

/** Logout lands here: the token ends now that no admin page is on screen to take it for an expiry. */
function useLogout(): boolean {
  const { t } = useTranslation(ADMIN_NS);
  const [pathname, navigate] = useLocation();
  const loggingOut = isLogout(useHistoryState());
  useEffect(() => {
    if (!loggingOut) return;
    endAdminSession();
    announce(t('shell.loggedOut'));
    // a reload or a history step back here must not log out again
    navigate(pathname, { replace: true });
  }, [loggingOut, pathname, navigate, t]);
  return loggingOut;
}

/** /bme_admin: the operators' sign-in (spec §2), on to the redirect or the dashboard. */
export function AdminLoginPage() {
  const [params] = useSearchParams();
  const hasToken = useSession((s) => Boolean(s.adminToken));
  const loggingOut = useLogout();
  if (hasToken && !loggingOut) return <Redirect to={afterLogin(params.get('redirect'))} replace />;
  return (
    <AdminProviders>
      <div className="admin-area admin-login">
        <LoginForm />
      </div>
    </AdminProviders>
  );
}
