import type { FeatureManifest, PersonalCentre } from '../../ui/feature-manifest.ts';
import { PersonIcon } from '../../ui/icons.tsx';
import { lazyPage } from '../../ui/lazy-page.ts';
import { routes } from '../../ui/routes.ts';

/**
 * The personal centre. The links and cards other features add to it come from the app
 * (`loadEntries`), loaded beside the page's own code, so the page shows whole and this feature
 * imports none of them.
 */
export function profileManifest(loadEntries: () => Promise<PersonalCentre>): FeatureManifest {
  return {
    routes: [
      {
        path: routes.profile,
        page: lazyPage(() =>
          Promise.all([import('./profile-page.tsx'), loadEntries()]).then(([m, entries]) =>
            m.profilePageWith(entries),
          ),
        ),
        access: 'user',
        voice: { nameKey: 'nav.profile', aliases: ['个人中心', '我的', 'profile'] },
      },
    ],
    nav: { id: 'profile', order: 5, labelKey: 'nav.profile', icon: PersonIcon, to: routes.profile },
  };
}
