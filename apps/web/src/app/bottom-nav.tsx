import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useSession } from '../session/index.ts';
import type { NavSlot } from '../ui/feature-manifest.ts';

function isSelected(to: string, also: readonly string[], pathname: string): boolean {
  return [to, ...also].some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** The bottom navigation of spec §2: the nav slots of the features, in their order. */
export function BottomNav({ slots }: { slots: readonly NavSlot[] }) {
  const { t } = useTranslation();
  const [pathname] = useLocation();
  const userType = useSession((s) => s.user?.userType);

  return (
    <nav className="bottom-nav" aria-label={t('nav.label')}>
      <ul className="bottom-nav__list">
        {slots.map((slot) => {
          const to = typeof slot.to === 'function' ? slot.to(userType) : slot.to;
          const selected = slot.selectedOn
            ? slot.selectedOn.some((p) => isSelected(p, [], pathname))
            : isSelected(to, slot.also ?? [], pathname);
          const label = t(slot.labelKey);
          const Icon = slot.icon;
          return (
            <li key={slot.id} className="bottom-nav__item">
              <Link
                to={to}
                className={selected ? 'bottom-nav__link bottom-nav__link--selected' : 'bottom-nav__link'}
                aria-label={selected ? `${t('nav.selectedPrefix')}${label}` : label}
                aria-current={selected ? 'page' : undefined}
                data-nav={slot.id}
              >
                <Icon />
                <span className="bottom-nav__text">{label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
