import type { PersonalCentreEntries } from '../../ui/feature-manifest.ts';
import { routes } from '../../ui/routes.ts';

export const settingsPersonalCentre: PersonalCentreEntries = {
  links: [{ to: routes.operationSettings, labelKey: 'profile.operationSettings', order: 2 }],
};
