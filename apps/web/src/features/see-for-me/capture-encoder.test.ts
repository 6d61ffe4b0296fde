import { describe, expect, it } from 'vitest';
import { base64Of, captureBox, CaptureError, encodeCapture, type CaptureCanvas } from './capture-encoder.ts';
import { FOCUS_SIDE, PRINT_SIDE } from './view-print.ts';

/** A canvas that records what is drawn on it and "encodes" to its own size. */
function recordingCanvases() {
  const made: { width: number; height: number; draws: unknown[][]; quality?: number }[] = [];
  const make = (width: number, height: number): CaptureCanvas => {
    const record = { width, height, draws: [] as unknown[][], quality: undefined as number | undefined };
    made.push(record);
    const image = { recorded: record } as unknown as CanvasImageSource;
    return {
      image,
      context: {
        fillStyle: '',
        imageSmoothingQuality: 'low',
        fillRect: () => undefined,
        drawImage: (...args: unknown[]) => void record.draws.push(args),
        getImageData: (_x: number, _y: number, w: number, h: number) => ({
          data: new Uint8ClampedArray(w * h * 4).fill(200),
        }),
      } as unknown as CaptureCanvas['context'],
      jpeg: async (quality) => {
        record.quality = quality;
        return new Blob([`${width}x${height}`], { type: 'image/jpeg' });
      },
    };
  };
  return { made, make };
}

const video = { video: true } as unknown as CanvasImageSource;

describe('the capture encoder', () => {
  it('fits the frame into the 1080×1920 box of its own orientation, never cropping', () => {
    expect(captureBox(1080, 1920)).toEqual({ width: 1080, height: 1920, dx: 0, dy: 0, dw: 1080, dh: 1920 });
    expect(captureBox(1280, 720)).toEqual({ width: 1920, height: 1080, dx: 0, dy: 0, dw: 1920, dh: 1080 });
    // a 4:3 webcam in the landscape box: bars left and right
    expect(captureBox(640, 480)).toEqual({ width: 1920, height: 1080, dx: 240, dy: 0, dw: 1440, dh: 1080 });
  });

  it("draws the frame once into the box, then scales the box to the preset's max side", async () => {
    const { made, make } = recordingCanvases();
    const { jpeg } = await encodeCapture(video, 1280, 720, { maxSide: 1120, quality: 0.8 }, make);
    expect(made.map(({ width, height }) => [width, height])).toEqual([
      [1920, 1080],
      [1120, 630],
      [PRINT_SIDE, PRINT_SIDE],
      [FOCUS_SIDE, FOCUS_SIDE],
    ]);
    expect(made[0]?.draws).toEqual([[video, 0, 0, 1920, 1080]]);
    expect(made[1]?.draws).toEqual([[{ recorded: made[0] }, 0, 0, 1120, 630]]);
    expect(made[1]?.quality).toBe(0.8);
    expect(await jpeg.text()).toBe('1120x630');
  });

  it('encodes the box itself when the preset allows its size', async () => {
    const { made, make } = recordingCanvases();
    const { jpeg } = await encodeCapture(video, 1080, 1920, { maxSide: 1920, quality: 0.8 }, make);
    expect(made).toHaveLength(3);
    expect(await jpeg.text()).toBe('1080x1920');
  });

  it("prints the view sent, from the scaled canvas, with its centre's focus; none where the canvas can't be read", async () => {
    const { made, make } = recordingCanvases();
    const { view } = await encodeCapture(video, 1280, 720, { maxSide: 1120, quality: 0.8 }, make);
    expect(made[2]?.draws).toEqual([[{ recorded: made[1] }, 0, 0, PRINT_SIDE, PRINT_SIDE]]);
    const [sx, sy] = [(1120 - FOCUS_SIDE) / 2, Math.round((630 - FOCUS_SIDE) / 2)];
    expect(made[3]?.draws).toEqual([
      [{ recorded: made[1] }, sx, sy, FOCUS_SIDE, FOCUS_SIDE, 0, 0, FOCUS_SIDE, FOCUS_SIDE],
    ]);
    expect(view).toEqual({ cells: new Uint8Array(PRINT_SIDE * PRINT_SIDE * 3).fill(200), sharpness: 0 });
    const unreadable = (width: number, height: number): CaptureCanvas => {
      const canvas = make(width, height);
      return { ...canvas, context: { ...canvas.context!, getImageData: undefined } };
    };
    expect(
      (await encodeCapture(video, 1280, 720, { maxSide: 1120, quality: 0.8 }, unreadable)).view,
    ).toBeNull();
  });

  it('fails as a capture error where the canvas cannot be drawn on', async () => {
    const make = (): CaptureCanvas => ({
      image: video,
      context: null,
      jpeg: () => Promise.reject(new Error()),
    });
    await expect(encodeCapture(video, 640, 480, { maxSide: 140, quality: 0.8 }, make)).rejects.toEqual(
      new CaptureError('seeForMe.errors.canvasContext'),
    );
  });

  it('gives base64 without the data: prefix', async () => {
    expect(await base64Of(new Blob(['hello'], { type: 'image/jpeg' }))).toBe(btoa('hello'));
  });
});
