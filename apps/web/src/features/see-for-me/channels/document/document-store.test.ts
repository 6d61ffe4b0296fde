import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { documentTitle, IndexedDbDocuments, KEEP_DOCUMENTS } from './document-store.ts';
import type { Block } from './page-layout.ts';

const page = (heading: string): Block[] => [
  { kind: 'heading', text: heading },
  { kind: 'paragraph', text: '正文' },
];

describe('saved documents', () => {
  let clock = 1_000;
  const store = () => new IndexedDbDocuments(() => (clock += 1));

  beforeEach(() => {
    // an empty IndexedDB for each test (an open connection would block deleting the database)
    vi.stubGlobal('indexedDB', new IDBFactory());
  });

  it('keeps what was saved, newest first, and forgets what was deleted', async () => {
    const documents = store();
    const first = await documents.save(page('一'));
    await documents.save(page('二'));
    expect((await documents.list()).map(documentTitle)).toEqual(['二', '一']);
    await documents.remove(first.id);
    expect((await documents.list()).map(documentTitle)).toEqual(['二']);
    // another page's store (a reload) reads the same
    expect((await store().list()).map(documentTitle)).toEqual(['二']);
  });

  it(`keeps the newest ${KEEP_DOCUMENTS}`, async () => {
    const documents = store();
    for (let i = 0; i < KEEP_DOCUMENTS + 2; i += 1) await documents.save(page(`第${i}页`));
    const kept = await documents.list();
    expect(kept).toHaveLength(KEEP_DOCUMENTS);
    expect(documentTitle(kept[0]!)).toBe(`第${KEEP_DOCUMENTS + 1}页`);
    expect(documentTitle(kept.at(-1)!)).toBe('第2页');
  });

  it('names a document by its heading, else the start of its text', () => {
    const long = '这是一段没有标题的很长很长很长很长很长很长很长很长的文字';
    expect(documentTitle({ id: 1, savedAt: 0, blocks: [{ kind: 'paragraph', text: long }] })).toBe(
      `${[...long].slice(0, 24).join('')}…`,
    );
    expect(documentTitle({ id: 1, savedAt: 0, blocks: [] })).toBeNull();
  });
});
