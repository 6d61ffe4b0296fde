import type { PersonalCentreEntries } from '../../ui/feature-manifest.ts';
import { routes } from '../../ui/routes.ts';

export const personalCentre: PersonalCentreEntries = {
  links: [{ to: routes.download, labelKey: 'profile.download', order: 7 }],
};
