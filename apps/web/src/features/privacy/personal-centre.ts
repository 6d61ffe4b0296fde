import type { PersonalCentreEntries } from '../../ui/feature-manifest.ts';
import { routes } from '../../ui/routes.ts';

export const personalCentre: PersonalCentreEntries = {
  links: [{ to: routes.privacy, labelKey: 'profile.privacy', order: 6 }],
};
