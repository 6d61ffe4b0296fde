import { describe, expect, it } from 'vitest';

interface Processor {
  port: { postMessage(data: ArrayBuffer): void };
  process(inputs: Float32Array[][]): boolean;
}

/** Loads public/worklets/pcm-recorder.js with the AudioWorklet globals faked. */
async function loadProcessor(rate: number): Promise<{ processor: Processor; frames: Int16Array[] }> {
  const frames: Int16Array[] = [];
  let Registered: (new () => Processor) | null = null;
  const g = globalThis as Record<string, unknown>;
  g.sampleRate = rate;
  g.AudioWorkletProcessor = class {
    port = { postMessage: (data: ArrayBuffer) => frames.push(new Int16Array(data)) };
  };
  g.registerProcessor = (_name: string, ctor: new () => Processor) => {
    Registered = ctor;
  };
  const url = `../../public/worklets/pcm-recorder.js?rate=${rate}`;
  await import(/* @vite-ignore */ url);
  if (!Registered) throw new Error('not registered');
  return { processor: new (Registered as new () => Processor)(), frames };
}

describe('pcm-recorder worklet', () => {
  it('resamples 48 kHz to 16 kHz and posts 16-bit frames of 4096 samples', async () => {
    const { processor, frames } = await loadProcessor(48_000);
    const block = new Float32Array(128).fill(0.5);
    // 4096 samples at 16 kHz need 12288 at 48 kHz = 96 blocks of 128
    for (let i = 0; i < 96; i += 1) expect(processor.process([[block]])).toBe(true);
    expect(frames).toHaveLength(1);
    expect(frames[0]).toHaveLength(4096);
    expect(frames[0]![0]).toBe(Math.trunc(0.5 * 0x7fff));
  });

  it('clips to [-1, 1] and keeps running without input', async () => {
    const { processor, frames } = await loadProcessor(16_000);
    expect(processor.process([[]])).toBe(true);
    const loud = new Float32Array(128).fill(-2);
    for (let i = 0; i < 32; i += 1) processor.process([[loud]]);
    expect(frames[0]![0]).toBe(-0x8000);
  });
});
