import type { PersonalCentreEntries } from '../../ui/feature-manifest.ts';
import { CallWarnings } from './call-warnings.tsx';

/** The warnings a member was given after reports about their calls, as a card. */
export const personalCentre: PersonalCentreEntries = {
  sections: [{ place: 'activity', Section: CallWarnings }],
};
