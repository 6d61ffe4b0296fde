import { describe, expect, it, vi } from 'vitest';
import { AnalysisError } from '../../analysis-client.ts';
import {
  NOTE_INKS,
  notePixels,
  pixelsOf,
  renderColourCard,
  type NotePixels,
} from '../../../../../test/images/rendered-notes.ts';
import type { LiveFrame } from '../live-channel.ts';
import { banknoteChannel, BANKNOTE_FRAME_SIDE, type NoteTextReader } from './banknote-channel.ts';
import type { CloudReader } from './cloud-reading.ts';
import type { ReadLine } from './frame-verdict.ts';

const WIDTH = 640;

/** A reader that reads, frame after frame, what the test gives it for those pixels and that extent. */
function fakeReader(
  read: (pixels: NotePixels, extent: 'all' | 'prominent') => ReadLine[] | Error,
): NoteTextReader & { dispose: () => void } {
  return {
    readLines: (pixels, _signal, options) => {
      const lines = read(pixels as NotePixels, options?.extent ?? 'prominent');
      return lines instanceof Error ? Promise.reject(lines) : Promise.resolve(lines);
    },
    dispose: vi.fn(),
  };
}

function fakeCloud(
  available: boolean,
  answer: string | Error = '20美元',
): CloudReader & { read: ReturnType<typeof vi.fn> } {
  return {
    available: () => Promise.resolve(available),
    read: vi.fn(() => (answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer))),
  };
}

const frameOf = (pixels: NotePixels, at = 0): LiveFrame => ({
  pixels: pixels as unknown as ImageData,
  grabbedAt: at,
});
const signal = () => new AbortController().signal;

async function hundred() {
  const { pixels, lines } = await notePixels(
    {
      value: 100,
      side: 'front',
      cover: 'none',
      placement: { angle: 90, widthShare: 0.42, cx: 0.5, cy: 0.5 },
    },
    WIDTH,
  );
  return { pixels, lines: lines.map((l) => ({ ...l, score: 0.9 })) };
}

describe('the banknote channel', () => {
  it('wants frames large enough for the corner numerals, and every frame (two must agree)', () => {
    const channel = banknoteChannel({ reader: fakeReader(() => []) });
    expect(channel.frameSide).toBe(BANKNOTE_FRAME_SIDE);
    expect(channel.skipUnchanged).toBe(false);
  });

  it('says 100元 at the second frame that reads it, and not again while the note stays', async () => {
    const note = await hundred();
    let clock = 0;
    const channel = banknoteChannel({ reader: fakeReader(() => note.lines), now: () => clock });
    expect(await channel.look(frameOf(note.pixels), signal())).toEqual([]);
    clock += 700;
    expect(await channel.look(frameOf(note.pixels), signal())).toEqual([
      { say: { key: 'channel-banknote:value', params: { value: '100' } }, interrupt: true },
    ]);
    clock += 700;
    expect(await channel.look(frameOf(note.pixels), signal())).toEqual([]);
  });

  it('a note whose large lines hold no numeral is read again in full, where its small numerals are', async () => {
    const note = await hundred();
    const extents: string[] = [];
    const words = note.lines.filter((l) => !/\d|佰/.test(l.text));
    const channel = banknoteChannel({
      reader: fakeReader((_, extent) => {
        extents.push(extent);
        return extent === 'all' ? note.lines : words;
      }),
    });
    await channel.look(frameOf(note.pixels), signal());
    expect(await channel.look(frameOf(note.pixels), signal())).toEqual([
      { say: { key: 'channel-banknote:value', params: { value: '100' } }, interrupt: true },
    ]);
    expect(extents).toEqual(['prominent', 'all', 'prominent', 'all']);
  });

  it('a red card without numerals: 不确定 with the advice, once in a while, never a value', async () => {
    const card = await pixelsOf(await renderColourCard(NOTE_INKS[100].mid), WIDTH);
    let clock = 0;
    const channel = banknoteChannel({ reader: fakeReader(() => []), now: () => clock });
    const said = [];
    // 14 frames at 700 ms: said at the second, and again 8 s later
    for (let i = 0; i < 14; i += 1) {
      said.push(...(await channel.look(frameOf(card), signal())));
      clock += 700;
    }
    expect(said).toEqual([
      { say: { key: 'channel-banknote:doubt.noNumeral' }, interrupt: true },
      { say: { key: 'channel-banknote:doubt.noNumeral' }, interrupt: true },
    ]);
  });

  it('a tap says the value the recent frames agree on, even when it was said already', async () => {
    const note = await hundred();
    const cloud = fakeCloud(true);
    const channel = banknoteChannel({ reader: fakeReader(() => note.lines), cloud });
    await channel.look(frameOf(note.pixels), signal());
    await channel.look(frameOf(note.pixels), signal());
    expect(await channel.tap!(frameOf(note.pixels), signal())).toEqual([
      { say: { key: 'channel-banknote:value', params: { value: '100' } }, interrupt: true },
    ]);
    expect(cloud.read).not.toHaveBeenCalled();
  });

  it('a tap the device is not sure of goes to the cloud model where there is one', async () => {
    const card = await pixelsOf(await renderColourCard(NOTE_INKS[20].mid), WIDTH);
    const box = { x: 200, y: 100, width: 60, height: 30 };
    const reader = fakeReader(() => [
      { text: '20', box, score: 0.9 },
      { text: 'DOLLARS', box, score: 0.9 },
    ]);
    const cloud = fakeCloud(true, '20美元');
    const channel = banknoteChannel({ reader, cloud });
    expect(await channel.tap!(frameOf(card), signal())).toEqual([
      { say: { key: 'channel-banknote:cloudSays', params: { text: '20美元' } }, interrupt: true },
    ]);
    expect(cloud.read).toHaveBeenCalledOnce();
  });

  it('without a cloud model the tap says the device’s doubt, or that no note is in view', async () => {
    const card = await pixelsOf(await renderColourCard(NOTE_INKS[20].mid), WIDTH);
    const box = { x: 200, y: 100, width: 60, height: 30 };
    const foreign = banknoteChannel({
      reader: fakeReader(() => [{ text: '20 DOLLARS', box, score: 0.9 }]),
      cloud: fakeCloud(false),
    });
    expect(await foreign.tap!(frameOf(card), signal())).toEqual([
      { say: { key: 'channel-banknote:doubt.foreign' }, interrupt: true },
    ]);
    const desk = await pixelsOf(await renderColourCard('#6B6B66'), WIDTH);
    const empty = banknoteChannel({ reader: fakeReader(() => []) });
    expect(await empty.tap!(frameOf(desk), signal())).toEqual([
      { say: { key: 'channel-banknote:noNote' }, interrupt: true },
    ]);
  });

  it('a one-frame value on a tap is a doubt, not a value', async () => {
    const note = await hundred();
    const channel = banknoteChannel({ reader: fakeReader(() => note.lines) });
    expect(await channel.tap!(frameOf(note.pixels), signal())).toEqual([
      { say: { key: 'channel-banknote:doubt.weak' }, interrupt: true },
    ]);
  });

  it('the cloud’s refusal is said as the scene says it (no points, no network)', async () => {
    const desk = await pixelsOf(await renderColourCard('#6B6B66'), WIDTH);
    const cloud = fakeCloud(true, new AnalysisError('seeForMe.errors.network', 0, 'offline'));
    const channel = banknoteChannel({ reader: fakeReader(() => []), cloud });
    expect(await channel.tap!(frameOf(desk), signal())).toEqual([
      { say: { key: 'seeForMe.errors.network' }, interrupt: true },
    ]);
  });

  it('answers a question about the note as a tap, and leaves other questions to the engine', async () => {
    const note = await hundred();
    const channel = banknoteChannel({ reader: fakeReader(() => note.lines) });
    await channel.look(frameOf(note.pixels), signal());
    expect(await channel.ask!('这是多少钱', frameOf(note.pixels), signal())).toEqual([
      { say: { key: 'channel-banknote:value', params: { value: '100' } }, interrupt: true },
    ]);
    expect(await channel.ask!('前面有人吗', frameOf(note.pixels), signal())).toBeNull();
  });

  it('an OCR that fails says so once, not on every frame (a tap always), and again after it read', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const note = await hundred();
    let broken = true;
    const channel = banknoteChannel({ reader: fakeReader(() => (broken ? new Error('no models') : [])) });
    const unavailable = [{ say: { key: 'channel-banknote:unavailable' } }];
    expect(await channel.look(frameOf(note.pixels), signal())).toEqual(unavailable);
    expect(await channel.look(frameOf(note.pixels), signal())).toEqual([]);
    expect(await channel.tap!(frameOf(note.pixels), signal())).toEqual(unavailable);
    broken = false;
    await channel.look(frameOf(note.pixels), signal());
    broken = true;
    expect(await channel.look(frameOf(note.pixels), signal())).toEqual(unavailable);
  });

  it('releases the OCR when the mode ends', () => {
    const reader = fakeReader(() => []);
    banknoteChannel({ reader }).dispose();
    expect(reader.dispose).toHaveBeenCalledOnce();
  });
});
