import type { PersonalCentreEntries } from '../../ui/feature-manifest.ts';
import { SavedDocumentsSection } from './channels/document/saved-documents-section.tsx';

/** The documents saved in the document mode, as a card with the activity. */
export const personalCentre: PersonalCentreEntries = {
  sections: [{ place: 'activity', Section: SavedDocumentsSection }],
};
