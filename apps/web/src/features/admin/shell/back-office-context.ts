import { createContext, use } from 'react';
import type { BackOffice } from '../../../back-office/back-office-manifest.ts';

/** What the features add to the back office (gathered by the app), for the pages that show it. */
export const BackOfficeContext = createContext<BackOffice>({
  pages: [],
  menu: [],
  dashboardPanels: [],
  userSections: [],
});

export const useBackOffice = () => use(BackOfficeContext);
