import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { photoFromFile, photoFromVideo } from './resize-photo.ts';

/** What the canvas was asked: its size and the encoding. */
interface Drawn {
  width: number;
  height: number;
  type?: string;
  quality?: unknown;
}

let drawn: Drawn[];

beforeEach(() => {
  drawn = [];
  const context = { drawImage: vi.fn() } as unknown as CanvasRenderingContext2D;
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => context as unknown as ReturnType<HTMLCanvasElement['getContext']>,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    callback: BlobCallback,
    type?: string,
    quality?: unknown,
  ) {
    drawn.push({ width: this.width, height: this.height, type, quality });
    callback(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }));
  });
});

afterEach(() => vi.unstubAllGlobals());

const video = (videoWidth: number, videoHeight: number) =>
  ({ videoWidth, videoHeight }) as unknown as HTMLVideoElement;

describe('the chat’s photo helper (spec §9: at most 800 wide and high, JPEG quality 0.7)', () => {
  it.each([
    [1920, 1080, 800, 450],
    [1080, 1920, 450, 800],
    [4032, 4032, 800, 800],
    [800, 600, 800, 600],
    [640, 480, 640, 480],
  ])('a %i×%i camera frame becomes %i×%i', async (w, h, width, height) => {
    const blob = await photoFromVideo(video(w, h));
    expect(blob.type).toBe('image/jpeg');
    expect(drawn).toEqual([{ width, height, type: 'image/jpeg', quality: 0.7 }]);
  });

  it('a chosen file is drawn upright at the same size and quality', async () => {
    const close = vi.fn();
    const createImageBitmap = vi.fn(async () => ({ width: 3000, height: 4000, close }));
    vi.stubGlobal('createImageBitmap', createImageBitmap);
    const file = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/heic' });
    await photoFromFile(file);
    expect(createImageBitmap).toHaveBeenCalledWith(file, { imageOrientation: 'from-image' });
    expect(drawn).toEqual([{ width: 600, height: 800, type: 'image/jpeg', quality: 0.7 }]);
    expect(close).toHaveBeenCalledOnce();
  });
});
