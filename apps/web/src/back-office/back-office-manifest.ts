import type { DateRangeQuery } from '@sfm/protocol/admin';
import type { ComponentType } from 'react';
import type { BackOfficeManifest, BackOfficePage } from '../ui/feature-manifest.ts';

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
