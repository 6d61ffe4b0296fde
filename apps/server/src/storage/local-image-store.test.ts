import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertSafeKey } from './image-store.ts';
import { LocalImageStore } from './local-image-store.ts';

let dir: string;
let store: LocalImageStore;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sfm-images-'));
  store = new LocalImageStore(path.join(dir, 'images'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('LocalImageStore', () => {
  it('puts, gets and deletes, leaving no temporary files', async () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3]);
    await store.put('vision/2025-01-02/a.jpg', bytes, 'image/jpeg');
    expect(await store.get('vision/2025-01-02/a.jpg')).toEqual({ bytes, contentType: 'image/jpeg' });
    expect(await readdir(path.join(dir, 'images/vision/2025-01-02'))).toEqual(['a.jpg']);
    expect((await stat(path.join(dir, 'images/vision/2025-01-02/a.jpg'))).mode & 0o777).toBe(0o600);
    await store.delete('vision/2025-01-02/a.jpg');
    expect(await store.get('vision/2025-01-02/a.jpg')).toBeNull();
    await store.delete('vision/2025-01-02/a.jpg'); // missing is fine
  });

  it('refuses keys that could leave the folder', async () => {
    for (const key of ['../x.jpg', '/etc/passwd', 'a/../../b', 'a//b', 'a\\b', '']) {
      expect(() => assertSafeKey(key), key).toThrow('invalid storage key');
    }
    await expect(store.put('../escape.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow();
  });
});
