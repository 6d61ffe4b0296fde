import { createContext } from 'react';

/** A link of the personal centre's list: where it goes and the i18n key of its text. */
export interface ProfileLink {
  to: string;
  labelKey: string;
}

/** The links other features put in the personal centre (the app fills it from their manifests). */
export const ProfileLinksContext = createContext<readonly ProfileLink[]>([]);
