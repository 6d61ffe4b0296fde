import type { UserType } from '@sfm/protocol';
import type { DateRangeQuery } from '@sfm/protocol/admin';
import type { ComponentType } from 'react';
import type { IconProps } from './icons.tsx';
import type { LazyPage } from './lazy-page.ts';

/** Who may open a page (spec §2 navigation guard, §6 visitors). */
export type Access = 'public' | 'user' | 'admin';

/** Parts of the app shell a page can go without. */
export type ShellPart = 'header' | 'bottomNav' | 'privacyGate';

export interface FeatureRoute {
  path: string;
  page: LazyPage;
  access: Access;
  /** This page is where visitors without this access level's token sign in (the guard sends them). */
  signInFor?: Exclude<Access, 'public'>;
  without?: readonly ShellPart[];
  /** In the native app this path goes on to another page instead. */
  nativeRedirect?: string;
  /** The voice assistant opens this page by its name (an i18n key) or one of the aliases. */
  voice?: { nameKey: string; aliases: readonly string[] };
  /** The camera screen's auto-capture runs on this page (spec §4; ui/camera-route.ts). */
  camera?: true;
}

/** A link of the personal centre's list: where it goes and the i18n key of its text. */
export interface ProfileLink {
  to: string;
  labelKey: string;
}

/** A card a feature adds to the personal centre: with the account's cards (before the speech settings) or with the activity (after the links). */
export interface ProfileSection {
  place: 'account' | 'activity';
  Section: ComponentType;
}

/**
 * What a feature adds to the personal centre, declared in its personal-centre.ts (exported as
 * `personalCentre`). Its manifest loads it lazily: the app gathers every feature's entries when the
 * personal centre's page opens (app/personal-centre.ts), so the first page of the app carries none.
 */
export interface PersonalCentreEntries {
  /** Links of the list, each at its position. */
  links?: readonly (ProfileLink & { order: number })[];
  sections?: readonly ProfileSection[];
}

/** Every feature's part of the personal centre, gathered: the links in their order, the cards. */
export interface PersonalCentre {
  links: readonly ProfileLink[];
  sections: readonly ProfileSection[];
}

export interface BackOfficePage {
  path: string;
  /** Key in the `admin` namespace: the menu item, the page's h1 and its document title. */
  titleKey: string;
  /** The page's code (its own chunk). */
  page: LazyPage;
  /** Its position in the side menu; without one it is not in the menu (it is reached from elsewhere). */
  menuOrder?: number;
  /** Only a super-admin sees it in the menu and may open it. */
  superAdminOnly?: true;
}

/**
 * What a feature adds to the back office, declared in its own back-office.ts (exported as
 * `backOffice`) and gathered by the app when the back office first opens (app/back-office.ts): its pages, its panels of the dashboard (below the dashboard's own
 * charts, over the range of days the operator chose) and its sections of a user's drawer. Panels
 * and sections are lazy components: their code loads with the page that shows them.
 */
export interface BackOfficeManifest {
  pages?: readonly BackOfficePage[];
  dashboardPanels?: readonly ComponentType<{ range: DateRangeQuery }>[];
  userSections?: readonly ComponentType<{ userId: string }>[];
}

/** An item of the bottom navigation (spec §2). */
export interface NavSlot {
  /** data-nav of the link. */
  id: string;
  /** Position in the bar. */
  order: number;
  labelKey: string;
  icon: ComponentType<IconProps>;
  /** Where it goes, maybe by the stored user's role. */
  to: string | ((userType: UserType | null | undefined) => string);
  /** Paths (besides `to` and below it) that select this item. */
  also?: readonly string[];
  /**
   * The only paths that select this item, when its target may be another feature's page (the
   * volunteer item leads to the role choice first, which is not the volunteer mode).
   */
  selectedOn?: readonly string[];
  /** false: hidden in the native app. */
  native?: false;
}

/** A path prefix a feature owns whole: paths below it, even unknown ones, take its access and shell. */
export interface FeatureArea {
  prefix: string;
  access: Access;
  without?: readonly ShellPart[];
}

/** What a feature folder declares about itself; the app shell reads nothing else of it. */
export interface FeatureManifest {
  routes: readonly FeatureRoute[];
  nav?: NavSlot;
  area?: FeatureArea;
  /** false: the feature does not exist in the native app. */
  native?: false;
  /**
   * Its part of the back office: `() => import('./back-office.ts')`. Only the admin area calls it; in
   * the native build every back-office.ts resolves to an empty one (vite.config.ts), and the
   * service worker does not precache it (precache-scope.ts).
   */
  backOffice?: () => Promise<{ backOffice: BackOfficeManifest }>;
  /** Its part of the personal centre: `() => import('./personal-centre.ts')`, loaded with that page. */
  personalCentre?: () => Promise<{ personalCentre: PersonalCentreEntries }>;
}
