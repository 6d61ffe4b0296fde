import { describe, expect, it } from 'vitest';
import { babble, noise, scene, silence, spoken } from '../../../test/fixtures/speech-audio.ts';
import { FRAME_BYTES, FRAME_MS, PcmFramer, trimSilence, VoiceActivityDetector } from './voice-activity.ts';

/** The 20 ms frames of `pcm` the detector calls speech (1) or not (0). */
function voiced(pcm: Uint8Array): number[] {
  const vad = new VoiceActivityDetector();
  const marks: number[] = [];
  new PcmFramer().push(pcm, (frame) => {
    const became = vad.frame(frame);
    if (became > 1) marks.splice(marks.length - became + 1, became - 1, ...Array<number>(became - 1).fill(1));
    marks.push(became ? 1 : 0);
  });
  return marks;
}
const frames = (ms: number) => ms / FRAME_MS;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('VoiceActivityDetector', () => {
  it('hears speech over a quiet room, from its first syllable to its last', () => {
    const marks = voiced(scene([silence(1_000), spoken('前面有什么'), silence(1_000)]));
    expect(sum(marks.slice(0, frames(1_000)))).toBe(0);
    const first = marks.indexOf(1);
    const last = marks.lastIndexOf(1);
    expect(first).toBeGreaterThanOrEqual(frames(1_000));
    expect(first).toBeLessThanOrEqual(frames(1_000) + 1);
    // five syllables of 180 ms, 70 ms apart: the last ends 1 180 ms after the first began
    expect((last - first) * FRAME_MS).toBeGreaterThan(1_100);
    expect(last * FRAME_MS).toBeLessThan(2_250);
  });

  it('never calls a steady noise speech, however loud, when the stream starts with it', () => {
    for (const rms of [30, 300, 3_000, 12_000]) expect(sum(voiced(scene([noise(5_000, rms)])))).toBe(0);
  });

  it('learns a room that got louder within a few seconds, and still hears speech over it', () => {
    const marks = voiced(
      scene([silence(1_000), noise(10_000, 1_000), spoken('前面有什么'), noise(1_000, 1_000)]),
    );
    const settled = marks.slice(frames(7_000), frames(11_000));
    expect(sum(settled)).toBe(0);
    expect(sum(marks.slice(frames(11_000)))).toBeGreaterThan(frames(600));
  });

  it('a click is not speech', () => {
    const click = new Int16Array(FRAME_BYTES / 2).fill(20_000);
    expect(sum(voiced(scene([silence(500), click, silence(500)])))).toBe(0);
  });

  it('chatter around keeps being loud to it (the recognizer ends such utterances by their text)', () => {
    expect(sum(voiced(scene([silence(500), babble(5_000, 3_000)])))).toBeGreaterThan(frames(3_000));
  });
});

describe('trimSilence', () => {
  it('cuts the silent ends of a recording, keeping 300 ms on each side', () => {
    const words = spoken('前面有什么');
    const trimmed = trimSilence(scene([silence(2_000), words, silence(2_000)]));
    const ms = ((trimmed?.length ?? 0) / 32_000) * 1000;
    expect(ms).toBeGreaterThan(words.length / 16 - 70);
    expect(ms).toBeLessThanOrEqual(words.length / 16 + 600);
  });

  it('keeps a recording that is speech from end to end', () => {
    const pcm = scene([spoken('前面有什么', { gapMs: 0 })]);
    expect(trimSilence(pcm)?.length).toBeGreaterThan(pcm.length - 2 * FRAME_BYTES);
  });

  it('is null for a recording without speech', () => {
    expect(trimSilence(scene([silence(3_000)]))).toBeNull();
    expect(trimSilence(scene([noise(3_000, 500)]))).toBeNull();
  });
});
