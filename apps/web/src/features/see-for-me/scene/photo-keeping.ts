import type { PhotoSaveOutcome } from '../../../platform/index.ts';

/** Spec §9 savePhoto: the full-resolution photo of each analysed capture, kept for the user. */
export interface PhotoKeeper {
  /** The preference, read at each capture: a change in the settings applies at once. */
  enabled: () => boolean;
  /** The captured moment as the photo to keep, grabbed together with the capture. */
  grab: () => Promise<Blob>;
  /** Keeps it (album, internal storage or a download): where it went names what is said. */
  keep: (photo: Blob) => Promise<PhotoSaveOutcome>;
}

/** A capture's photo, grabbed with it and kept only once the capture has been analysed (spec §9). */
export interface GrabbedPhoto {
  /** Keeps it; the message key of where it went, or null when it could not be kept. */
  keep: () => Promise<string | null>;
}

/** The photo of this capture, when the user keeps photos (null otherwise, or without a keeper). */
export function grabPhoto(photos: PhotoKeeper | undefined): GrabbedPhoto | null {
  if (!photos?.enabled()) return null;
  const photo = photos.grab();
  // an analysis that fails never keeps it: its rejection must not go unhandled
  photo.catch(() => undefined);
  return {
    keep: async () => {
      try {
        return `seeForMe.photoSaved.${await photos.keep(await photo)}`;
      } catch (error) {
        // the spec has no message for a photo kept nowhere; the analysis itself succeeded
        console.warn('see-for-me: photo not saved', error);
        return null;
      }
    },
  };
}
