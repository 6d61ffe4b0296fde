import type { PersonalCentreEntries } from '../../ui/feature-manifest.ts';
import { routes } from '../../ui/routes.ts';

export const personalCentre: PersonalCentreEntries = {
  links: [{ to: routes.operationSettings, labelKey: 'profile.operationSettings', order: 2 }],
};
