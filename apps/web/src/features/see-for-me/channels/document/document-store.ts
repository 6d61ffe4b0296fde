/**
 * The documents the user saved after a page was read, kept on this device only (IndexedDB
 * `document-db`, store `documents`): the page's headings and paragraphs and when it was saved.
 * The personal centre lists them to read again or delete.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Block } from './page-layout.ts';

export const DOCUMENT_DB = 'document-db';
const STORE = 'documents';
/** The oldest documents beyond this many are dropped as a new one is saved. */
export const KEEP_DOCUMENTS = 100;

export interface SavedDocument {
  id: number;
  /** Date.now() when saved. */
  savedAt: number;
  blocks: Block[];
}

interface DocumentSchema extends DBSchema {
  documents: { key: number; value: SavedDocument; indexes: { savedAt: number } };
}

export interface DocumentStore {
  save(blocks: readonly Block[]): Promise<SavedDocument>;
  /** Newest first. */
  list(): Promise<SavedDocument[]>;
  remove(id: number): Promise<void>;
}

export class IndexedDbDocuments implements DocumentStore {
  private db: Promise<IDBPDatabase<DocumentSchema>> | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  private open(): Promise<IDBPDatabase<DocumentSchema>> {
    this.db ??= openDB<DocumentSchema>(DOCUMENT_DB, 1, {
      upgrade(db) {
        db.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true }).createIndex('savedAt', 'savedAt');
      },
    });
    return this.db;
  }

  async save(blocks: readonly Block[]): Promise<SavedDocument> {
    const db = await this.open();
    const tx = db.transaction(STORE, 'readwrite');
    const entry = { savedAt: this.now(), blocks: [...blocks] };
    // the key is the store's to give (autoIncrement): the entry goes in without one
    const id = await tx.store.add(entry as SavedDocument);
    const keys = await tx.store.index('savedAt').getAllKeys();
    await Promise.all(
      keys.slice(0, Math.max(0, keys.length - KEEP_DOCUMENTS)).map((key) => tx.store.delete(key)),
    );
    await tx.done;
    return { ...entry, id };
  }

  async list(): Promise<SavedDocument[]> {
    const all = await (await this.open()).getAllFromIndex(STORE, 'savedAt');
    return all.reverse();
  }

  async remove(id: number): Promise<void> {
    await (await this.open()).delete(STORE, id);
  }
}

/** The document's name in the list: its first heading, else the start of its first paragraph. */
export function documentTitle(doc: SavedDocument): string | null {
  const first = doc.blocks.find((b) => b.kind === 'heading') ?? doc.blocks[0];
  if (!first) return null;
  const chars = [...first.text];
  return chars.length > 24 ? `${chars.slice(0, 24).join('')}…` : first.text;
}
