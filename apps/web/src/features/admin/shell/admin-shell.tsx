import { endpoints, type AdminProfile } from '@sfm/protocol';
import { Alert, Button, Result, Spin } from 'antd';
import { Suspense, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { ADMIN_NS } from '../../../i18n/admin/index.ts';
import { useSession } from '../../../session/index.ts';
import { ADMIN_PASSWORD, ADMIN_ROOT, adminCall, useAdminData } from '../../../back-office/index.ts';
import type { BackOffice } from '../../../back-office/back-office-manifest.ts';
import type { BackOfficePage } from '../../../ui/feature-manifest.ts';
import { LOGGING_OUT } from './logout.ts';
import { AdminHeading } from './admin-heading.tsx';
import { AdminProfileContext, ReloadAdminProfileContext } from './admin-profile.ts';
import { AdminProviders } from './admin-providers.tsx';
import { BackOfficeContext } from './back-office-context.ts';

const mayOpen = (page: BackOfficePage, profile: AdminProfile | null) =>
  !page.superAdminOnly || profile?.role === 'super_admin';

const pageAt = (pages: readonly BackOfficePage[], pathname: string) =>
  pages.find((p) => p.path === pathname || `${p.path}/` === pathname);

/** A link that says it is the current page while the operator is on its page or below it. */
function NavLink({ to, ...props }: { to: string } & Omit<ComponentProps<'a'>, 'href'>) {
  const [pathname] = useLocation();
  const current = pathname === to || pathname.startsWith(`${to}/`);
  return <Link to={to} aria-current={current ? 'page' : undefined} {...props} />;
}

/**
 * The side menu; on a phone it folds behind a "menu" button (a disclosure) so the page keeps the
 * width, and folds again once a page is chosen.
 */
function SideMenu({ menu, profile }: { menu: readonly BackOfficePage[]; profile: AdminProfile | null }) {
  const { t } = useTranslation(ADMIN_NS);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="admin-shell__menu-toggle"
        aria-expanded={open}
        aria-controls="admin-menu"
        onClick={() => setOpen((was) => !was)}
      >
        {t('shell.menuToggle')}
      </button>
      <nav
        id="admin-menu"
        className={open ? 'admin-shell__menu admin-shell__menu--open' : 'admin-shell__menu'}
        aria-label={t('menu.label')}
      >
        <ul>
          {menu
            .filter((p) => mayOpen(p, profile))
            .map((page) => (
              <li key={page.path}>
                <NavLink to={page.path} onClick={() => setOpen(false)}>
                  {t(page.titleKey)}
                </NavLink>
              </li>
            ))}
        </ul>
      </nav>
    </>
  );
}

function Loading() {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <div className="admin-loading" role="status">
      <Spin /> {t('shell.loading')}
    </div>
  );
}

/** The content of the page at the current path, once the admin may open it. */
function PageContent({ page, profile }: { page: BackOfficePage; profile: AdminProfile | null }) {
  const { t } = useTranslation(ADMIN_NS);
  // the role is not known yet: say nothing rather than "forbidden" for a moment
  if (page.superAdminOnly && !profile) return <Loading />;
  if (!mayOpen(page, profile)) return <Result status="403" subTitle={t('shell.forbidden')} />;
  const { Component } = page.page;
  return (
    <Suspense fallback={<Loading />}>
      <Component />
    </Suspense>
  );
}

/**
 * The back office's frame around every admin page (one chunk, kept while the operator moves
 * between pages): the side menu of the features' pages in its order, the signed-in admin and
 * logout, and the page's heading and content.
 */
export function AdminShell({ backOffice }: { backOffice: BackOffice }) {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tApp } = useTranslation();
  const [pathname, navigate] = useLocation();
  const token = useSession((s) => s.adminToken);
  const me = useAdminData(token ?? '', (signal) => adminCall(endpoints.adminMe, undefined, { signal }));
  const profile = me.data;
  // a temporary password opens nothing but its own change (the server refuses the rest)
  const page = pageAt(backOffice.pages, profile?.mustChangePassword ? ADMIN_PASSWORD : pathname);

  // the login page ends the token: dropped here, the guard would take it for an expiry (redirect)
  const logout = () => navigate(ADMIN_ROOT, { replace: true, state: LOGGING_OUT });

  return (
    <AdminProviders>
      <div className="admin-area admin-shell">
        <div className="admin-shell__side">
          <p className="admin-shell__brand">{t('title')}</p>
          <SideMenu menu={backOffice.menu} profile={profile} />
        </div>
        <div className="admin-shell__body">
          <div className="admin-shell__top">
            {profile ? (
              <span className="admin-shell__who">
                {t('shell.signedInAs', { name: profile.username, role: t(`roles.${profile.role}`) })}
              </span>
            ) : null}
            <NavLink to={ADMIN_PASSWORD} className="admin-shell__password">
              {t('menu.password')}
            </NavLink>
            <Button onClick={logout}>{t('shell.logout')}</Button>
          </div>
          <div className="admin-shell__content">
            <AdminHeading title={page ? t(page.titleKey) : tApp('notFound.title')} />
            {me.error && !profile ? <Alert type="error" showIcon title={me.error} /> : null}
            <AdminProfileContext value={profile}>
              <ReloadAdminProfileContext value={me.reload}>
                <BackOfficeContext value={backOffice}>
                  {page ? <PageContent page={page} profile={profile} /> : <p>{tApp('notFound.text')}</p>}
                </BackOfficeContext>
              </ReloadAdminProfileContext>
            </AdminProfileContext>
          </div>
        </div>
      </div>
    </AdminProviders>
  );
}
