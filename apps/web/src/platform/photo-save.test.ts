import { Directory } from '@capacitor/filesystem';
import type { PermissionState } from '@capacitor/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadPhoto, saveNativePhoto, savePhoto, type PhotoFiles } from './photo-save.ts';

const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 7, 8, 9])], { type: 'image/jpeg' });
const base64 = Buffer.from([0xff, 0xd8, 0xff, 7, 8, 9]).toString('base64');

/**
 * The Filesystem plugin as the native shell answers it; `refuse` lists the folders that fail, and
 * the storage permission is `storage` until asked, then `answer`.
 */
function fakeFiles(
  refuse: Directory[] = [],
  { storage = 'granted', answer = 'granted' }: { storage?: PermissionState; answer?: PermissionState } = {},
) {
  const written: { path: string; directory?: Directory; data: string | Blob; recursive?: boolean }[] = [];
  const asked = vi.fn(async () => ({ publicStorage: answer }));
  const files: PhotoFiles = {
    writeFile: async (options) => {
      if (options.directory && refuse.includes(options.directory)) throw new Error('Permission denied');
      written.push(options);
      return { uri: `file:///${options.directory}/${options.path}` };
    },
    checkPermissions: async () => ({ publicStorage: storage }),
    requestPermissions: asked,
  };
  return { files, written, asked };
}

afterEach(() => vi.restoreAllMocks());

describe('saveNativePhoto', () => {
  it('writes DCIM/{app folder}/photo_{time}.jpg in base64: "saved to album"', async () => {
    const { files, written } = fakeFiles();
    expect(await saveNativePhoto(photo, 1_700_000_000_123, files)).toBe('album');
    expect(written).toEqual([
      {
        path: 'DCIM/帮我看看/photo_1700000000123.jpg',
        directory: Directory.ExternalStorage,
        data: base64,
        recursive: true,
      },
    ]);
  });

  it('falls back to internal storage when the album is refused', async () => {
    const { files, written } = fakeFiles([Directory.ExternalStorage]);
    expect(await saveNativePhoto(photo, 5, files)).toBe('internal');
    expect(written).toEqual([{ path: 'photo_5.jpg', directory: Directory.Data, data: base64 }]);
  });

  it('asks for the album (spec §6: media storage) after the rationale, and saves there once granted', async () => {
    const { files, written, asked } = fakeFiles([], { storage: 'prompt', answer: 'granted' });
    const rationale = vi.fn((ask: () => Promise<boolean>) => ask());
    expect(await saveNativePhoto(photo, 9, files, rationale)).toBe('album');
    expect(rationale).toHaveBeenCalledTimes(1);
    expect(asked).toHaveBeenCalledTimes(1);
    expect(written[0]?.directory).toBe(Directory.ExternalStorage);
  });

  it('refused (now or before), keeps the photo in internal storage without trying the album', async () => {
    const refusedNow = fakeFiles([], { storage: 'prompt', answer: 'denied' });
    expect(await saveNativePhoto(photo, 9, refusedNow.files, (ask) => ask())).toBe('internal');
    expect(refusedNow.written.map((w) => w.directory)).toEqual([Directory.Data]);
    const refusedBefore = fakeFiles([], { storage: 'denied' });
    expect(await saveNativePhoto(photo, 9, refusedBefore.files)).toBe('internal');
    expect(refusedBefore.asked).not.toHaveBeenCalled();
  });

  it('rejects when internal storage fails too', async () => {
    const { files } = fakeFiles([Directory.ExternalStorage, Directory.Data]);
    await expect(saveNativePhoto(photo, 5, files)).rejects.toThrow('Permission denied');
  });
});

describe('downloadPhoto (web)', () => {
  it('downloads the photo as photo_{time}.jpg and releases its address', async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:photo');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });

    expect(downloadPhoto(photo, 42)).toBe('download');
    expect(created).toHaveBeenCalledWith(photo);
    expect(clicked).toEqual([{ href: 'blob:photo', download: 'photo_42.jpg' }]);
    expect(revoked).toHaveBeenCalledWith('blob:photo');
  });

  it('savePhoto in the browser downloads', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:photo');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    expect(await savePhoto(photo, 1)).toBe('download');
    expect(click).toHaveBeenCalledOnce();
  });
});
