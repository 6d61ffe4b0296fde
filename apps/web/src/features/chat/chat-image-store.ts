/**
 * The chat's photos on the web (spec §3): IndexedDB `chat-image-db`, store `images`, one JPEG blob
 * per persistKey. Messages keep only the key; the photo is read back when the page loads.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ImageInfo } from './chat-history.ts';

export const CHAT_IMAGE_DB = 'chat-image-db';
export const CHAT_IMAGE_STORE = 'images';

interface ChatImageSchema extends DBSchema {
  images: { key: string; value: Blob };
}

/** Where the photos are kept; the native app's files are platform/native-chat-images.ts. */
export interface ChatImageStore {
  /** Written into each photo's imageInfo.platform. */
  readonly platform: ImageInfo['platform'];
  save(key: string, photo: Blob): Promise<void>;
  /** The photo, or null when it is gone (storage cleared by the browser). */
  load(key: string): Promise<Blob | null>;
  delete(keys: readonly string[]): Promise<void>;
  clear(): Promise<void>;
}

export class IndexedDbChatImages implements ChatImageStore {
  readonly platform = 'web' as const;
  private db: Promise<IDBPDatabase<ChatImageSchema>> | null = null;

  private open(): Promise<IDBPDatabase<ChatImageSchema>> {
    this.db ??= openDB<ChatImageSchema>(CHAT_IMAGE_DB, 1, {
      upgrade(db) {
        db.createObjectStore(CHAT_IMAGE_STORE);
      },
    });
    return this.db;
  }

  async save(key: string, photo: Blob): Promise<void> {
    await (await this.open()).put(CHAT_IMAGE_STORE, photo, key);
  }

  async load(key: string): Promise<Blob | null> {
    return (await (await this.open()).get(CHAT_IMAGE_STORE, key)) ?? null;
  }

  async delete(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const tx = (await this.open()).transaction(CHAT_IMAGE_STORE, 'readwrite');
    await Promise.all([...keys.map((key) => tx.store.delete(key)), tx.done]);
  }

  async clear(): Promise<void> {
    await (await this.open()).clear(CHAT_IMAGE_STORE);
  }
}
