import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../features/session/session-store.ts';
import { platform } from '../platform/index.ts';
import { ChatIcon, EyeIcon, HandsIcon, MarketIcon, PersonIcon } from './icons.tsx';

/** The volunteer item's target by the stored user's role (spec §2). */
export function volunteerTarget(userType: 0 | 1 | null | undefined): string {
  if (userType === 0) return '/video-call';
  if (userType === 1) return '/volunteer-calls';
  return '/role-select';
}

/** The bar is hidden on / and /login (and in the admin back office, which has its own frame). */
export function isBottomNavVisible(pathname: string): boolean {
  return pathname !== '/' && pathname !== '/login' && !pathname.startsWith('/bme_admin');
}

interface NavItem {
  id: string;
  to: string;
  label: string;
  icon: ReactNode;
  /** Paths (besides `to` and below it) that select this item. */
  also?: readonly string[];
}

function isSelected(item: NavItem, pathname: string): boolean {
  return [item.to, ...(item.also ?? [])].some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export function BottomNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const userType = useSession((s) => s.user?.userType);
  if (!isBottomNavVisible(pathname)) return null;

  const items: NavItem[] = [
    { id: 'aichat', to: '/aichat', label: t('nav.aichat'), icon: <ChatIcon /> },
    ...(platform.isNative()
      ? []
      : [{ id: 'market', to: '/market', label: t('nav.market'), icon: <MarketIcon /> }]),
    { id: 'see-for-me', to: '/see-for-me', label: t('nav.seeForMe'), icon: <EyeIcon /> },
    {
      id: 'volunteer',
      to: volunteerTarget(userType),
      label: t('nav.volunteer'),
      icon: <HandsIcon />,
      also: ['/video-call', '/volunteer-calls'],
    },
    { id: 'profile', to: '/profile', label: t('nav.profile'), icon: <PersonIcon /> },
  ];

  return (
    <nav className="bottom-nav" aria-label={t('nav.label')}>
      <ul className="bottom-nav__list">
        {items.map((item) => {
          const selected = isSelected(item, pathname);
          return (
            <li key={item.id} className="bottom-nav__item">
              <Link
                to={item.to}
                className={selected ? 'bottom-nav__link bottom-nav__link--selected' : 'bottom-nav__link'}
                aria-label={selected ? `${t('nav.selectedPrefix')}${item.label}` : item.label}
                aria-current={selected ? 'page' : undefined}
                data-nav={item.id}
              >
                {item.icon}
                <span className="bottom-nav__text">{item.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
