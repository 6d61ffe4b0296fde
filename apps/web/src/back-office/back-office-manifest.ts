import type { DateRangeQuery } from '@sfm/protocol/admin';
import type { ComponentType } from 'react';
import type { LazyPage } from '../ui/lazy-page.ts';

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
 * What a feature adds to the back office, declared in its own back-office.ts and gathered by the
 * app (app/back-office.ts): its pages, its panels of the dashboard (below the dashboard's own
 * charts, over the range of days the operator chose) and its sections of a user's drawer. Panels
 * and sections are lazy components: their code loads with the page that shows them.
 */
export interface BackOfficeManifest {
  pages?: readonly BackOfficePage[];
  dashboardPanels?: readonly ComponentType<{ range: DateRangeQuery }>[];
  userSections?: readonly ComponentType<{ userId: string }>[];
}

/** Every feature's part of the back office, together; panels and sections in the features' order. */
export interface BackOffice {
  pages: readonly BackOfficePage[];
  /** The side menu, in its order. */
  menu: readonly BackOfficePage[];
  dashboardPanels: readonly ComponentType<{ range: DateRangeQuery }>[];
  userSections: readonly ComponentType<{ userId: string }>[];
}

export function gatherBackOffice(manifests: readonly BackOfficeManifest[]): BackOffice {
  const pages = manifests.flatMap((m) => m.pages ?? []);
  return {
    pages,
    menu: pages
      .filter((p) => p.menuOrder !== undefined)
      .sort((a, b) => (a.menuOrder ?? 0) - (b.menuOrder ?? 0)),
    dashboardPanels: manifests.flatMap((m) => m.dashboardPanels ?? []),
    userSections: manifests.flatMap((m) => m.userSections ?? []),
  };
}
