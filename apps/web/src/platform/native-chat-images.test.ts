import { beforeEach, describe, expect, it } from 'vitest';
import { NativeChatImages } from './native-chat-images.ts';
import { FakeFilesystem } from '../../test/fakes/filesystem.ts';

const jpeg = (bytes: number[]) =>
  new Blob([new Uint8Array([0xff, 0xd8, 0xff, ...bytes])], { type: 'image/jpeg' });
const bytesOf = async (blob: Blob | null) => [
  ...new Uint8Array((await blob?.arrayBuffer()) ?? new ArrayBuffer(0)),
];

let files: FakeFilesystem;
let images: NativeChatImages;

beforeEach(() => {
  files = new FakeFilesystem();
  images = new NativeChatImages(files);
});

describe('NativeChatImages (Directory.Data)', () => {
  it('saves a photo as chatimg_{time}.jpg in base64 and reads back the same JPEG', async () => {
    const photo = jpeg([1, 2, 3, 250]);
    await images.save('chatimg_1700000000000.jpg', photo);
    expect(files.data.get('chatimg_1700000000000.jpg')).toBe(
      Buffer.from(await bytesOf(photo)).toString('base64'),
    );

    const restored = await images.load('chatimg_1700000000000.jpg');
    expect(restored?.type).toBe('image/jpeg');
    expect(await bytesOf(restored)).toEqual(await bytesOf(photo));
    expect(images.platform).toBe('app');
  });

  it('answers null for a photo whose file is gone', async () => {
    expect(await images.load('chatimg_1.jpg')).toBeNull();
  });

  it('deletes the given photos, even when one of them is already gone', async () => {
    await images.save('chatimg_1.jpg', jpeg([1]));
    await images.save('chatimg_2.jpg', jpeg([2]));
    await images.delete(['chatimg_0.jpg', 'chatimg_1.jpg']);
    expect([...files.data.keys()]).toEqual(['chatimg_2.jpg']);
  });

  it('clear deletes every chat photo and leaves the other files of the data folder', async () => {
    await images.save('chatimg_1.jpg', jpeg([1]));
    await images.save('chatimg_2.jpg', jpeg([2]));
    files.data.set('photo_3.jpg', 'AAAA');
    await images.clear();
    expect([...files.data.keys()]).toEqual(['photo_3.jpg']);
  });
});
