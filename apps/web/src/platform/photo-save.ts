/**
 * Spec §8/§9 photo save: the full-resolution photo of an analysis, kept for the user. Natively it
 * goes to the album folder `DCIM/{app folder}/photo_{time}.jpg` (Capacitor Directory.ExternalStorage)
 * and, when that is refused (no storage permission, iOS has no such folder), to the app's internal
 * storage (Directory.Data); in the browser it is downloaded. The answer names where it went, for the
 * spec's three messages.
 */
import { Capacitor } from '@capacitor/core';
import { Directory, Filesystem, type FilesystemPlugin } from '@capacitor/filesystem';
import { base64Of } from './native-chat-images.ts';

export type PhotoSaveOutcome = 'album' | 'internal' | 'download';

/** The Filesystem calls the save makes (the tests fake them). */
export type PhotoFiles = Pick<FilesystemPlugin, 'writeFile' | 'checkPermissions' | 'requestPermissions'>;

/**
 * Whether the album may be written: granted already, or asked now (after the rationale the caller
 * shows, spec §6 "media or photo storage"); false when refused.
 */
export async function albumAllowed(
  files: PhotoFiles,
  withRationale: (ask: () => Promise<boolean>) => Promise<boolean> = (ask) => ask(),
): Promise<boolean> {
  try {
    const state = (await files.checkPermissions()).publicStorage;
    if (state === 'granted') return true;
    if (state === 'denied') return false;
    return await withRationale(async () => (await files.requestPermissions()).publicStorage === 'granted');
  } catch {
    return false;
  }
}

/** The app's folder under DCIM: the app name the native projects carry (capacitor.config.json). */
export const PHOTO_ALBUM_FOLDER = 'DCIM/帮我看看';

export const photoFileName = (time: number): string => `photo_${time}.jpg`;

/**
 * Writes the photo to the album folder, asking for the storage permission first (with the
 * rationale `withRationale` shows), or to internal storage when the album is refused.
 */
export async function saveNativePhoto(
  photo: Blob,
  time: number,
  files: PhotoFiles = Filesystem,
  withRationale?: (ask: () => Promise<boolean>) => Promise<boolean>,
): Promise<'album' | 'internal'> {
  const name = photoFileName(time);
  // native writeFile takes no Blob, only base64 text
  const data = await base64Of(photo);
  const internal = async () => {
    await files.writeFile({ path: name, directory: Directory.Data, data });
    return 'internal' as const;
  };
  if (!(await albumAllowed(files, withRationale))) return internal();
  try {
    await files.writeFile({
      path: `${PHOTO_ALBUM_FOLDER}/${name}`,
      directory: Directory.ExternalStorage,
      data,
      recursive: true,
    });
    return 'album';
  } catch {
    // a failure here rejects: the caller says nothing was saved
    return internal();
  }
}

/** The browser's download of the photo, through a temporary link. */
export function downloadPhoto(photo: Blob, time: number, doc: Document = document): 'download' {
  const url = URL.createObjectURL(photo);
  const link = doc.createElement('a');
  link.href = url;
  link.download = photoFileName(time);
  link.click();
  URL.revokeObjectURL(url);
  return 'download';
}

/**
 * Keeps the photo where this platform keeps photos; rejects when it could be kept nowhere.
 * `withRationale` shows the permission's rationale around the system's request (native only).
 */
export function savePhoto(
  photo: Blob,
  time: number = Date.now(),
  withRationale?: (ask: () => Promise<boolean>) => Promise<boolean>,
): Promise<PhotoSaveOutcome> {
  return Capacitor.isNativePlatform()
    ? saveNativePhoto(photo, time, Filesystem, withRationale)
    : Promise.resolve(downloadPhoto(photo, time));
}
