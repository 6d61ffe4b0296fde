/**
 * The chat's photos in the native app (spec §3): one file `chatimg_{time}.jpg` per photo in the app's
 * data folder (Capacitor Directory.Data), named by the message's persistKey. The web keeps them in
 * IndexedDB instead (features/chat/chat-image-store.ts); both have the same four methods.
 */
import { Capacitor } from '@capacitor/core';
import { Directory, Filesystem, type FilesystemPlugin } from '@capacitor/filesystem';

/** The Filesystem calls the store makes (the tests fake them). */
export type ChatImageFiles = Pick<FilesystemPlugin, 'writeFile' | 'readFile' | 'deleteFile' | 'readdir'>;

/** The data folder also holds other files: only these names are the chat's. */
const CHAT_IMAGE_FILE = /^chatimg_\d+\.jpg$/;

/** The bytes of a photo as base64: native writeFile takes no Blob, only base64 text. */
export function base64Of(photo: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    // a data URL: "data:<type>;base64,<bytes>"
    reader.onload = () => resolve(String(reader.result).slice(String(reader.result).indexOf(',') + 1));
    reader.onerror = () => reject(reader.error ?? new Error('photo not readable'));
    reader.readAsDataURL(photo);
  });
}

export class NativeChatImages {
  /** Spec §3 imageInfo.platform of the photos kept here. */
  readonly platform = 'app' as const;

  constructor(private readonly files: ChatImageFiles = Filesystem) {}

  async save(key: string, photo: Blob): Promise<void> {
    await this.files.writeFile({ path: key, directory: Directory.Data, data: await base64Of(photo) });
  }

  /** The photo, or null when its file is gone (or unreadable: the message then shows no photo). */
  async load(key: string): Promise<Blob | null> {
    try {
      const { data } = await this.files.readFile({ path: key, directory: Directory.Data });
      if (typeof data !== 'string') return data;
      // native readFile answers base64; a data URL turns it back into a Blob without a decode loop
      return await (await fetch(`data:image/jpeg;base64,${data}`)).blob();
    } catch {
      return null;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    // a file already gone is what we wanted: its failure must not keep the others
    await Promise.all(
      keys.map((key) =>
        this.files.deleteFile({ path: key, directory: Directory.Data }).catch(() => undefined),
      ),
    );
  }

  async clear(): Promise<void> {
    const { files } = await this.files.readdir({ path: '', directory: Directory.Data });
    await this.delete(files.map((file) => file.name).filter((name) => CHAT_IMAGE_FILE.test(name)));
  }
}

/** The chat's photo store of the native app; null in the browser (the chat then uses IndexedDB). */
export function nativeChatImages(): NativeChatImages | null {
  return Capacitor.isNativePlatform() ? new NativeChatImages() : null;
}
