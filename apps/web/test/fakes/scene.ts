import type { AnalyzeRequest } from '@sfm/protocol';
import { vi } from 'vitest';
import type { SpeechEvent, SpeechInput, SpeechOutput } from '../../src/features/speech/index.ts';
import { FakeSpeechInput } from './speech.ts';
import type { SceneDeps } from '../../src/features/see-for-me/scene/scene-deps.ts';
import type { AnalysisAnswer } from '../../src/features/see-for-me/analysis-client.ts';
import type { CapturedFrame } from '../../src/features/see-for-me/capture.ts';

/** Lets the promise chains started by a call run to their end (fake timers do not). */
export const flush = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

/** A speaker that records what it was asked to say; each speak resolves when `finish()` is called or at once. */
export class FakeSpeech implements SpeechOutput {
  spoken: string[] = [];
  priorities: string[] = [];
  speaking = false;
  private pending: (() => void) | null = null;
  constructor(public autoFinish = true) {}
  speak(text: string, options: { priority?: 'routine' | 'danger' } = {}): Promise<void> {
    this.cancel();
    this.spoken.push(text);
    this.priorities.push(options.priority ?? 'routine');
    if (this.autoFinish) return Promise.resolve();
    this.speaking = true;
    return new Promise((resolve) => {
      this.pending = () => {
        this.speaking = false;
        resolve();
      };
    });
  }
  finish(): void {
    const pending = this.pending;
    this.pending = null;
    pending?.();
  }
  cancel = vi.fn(() => {
    this.finish();
    this.speaking = false;
  });
  isSpeaking(): boolean {
    return this.speaking;
  }
  repeatLast(): Promise<void> {
    return Promise.resolve();
  }
  onEvent(_listener: (event: SpeechEvent) => void): () => void {
    return () => undefined;
  }
  state() {
    return this.speaking ? ('speaking' as const) : ('idle' as const);
  }
}

export function fakeDeps(over: Partial<SceneDeps> = {}, speech = new FakeSpeech()) {
  const input = new FakeSpeechInput();
  const analyze = vi.fn((_req: AnalyzeRequest, _signal: AbortSignal) =>
    Promise.resolve<AnalysisAnswer>({ description: '一张桌子' }),
  );
  const capture = vi.fn((_preset: string, _signal: AbortSignal) =>
    Promise.resolve<CapturedFrame>({ image: 'QUJD', view: null }),
  );
  const grabPixels = vi.fn((_maxSide: number, _signal: AbortSignal) =>
    Promise.resolve<ImageData | null>({
      data: new Uint8ClampedArray(16 * 16 * 4),
      width: 16,
      height: 16,
      colorSpace: 'srgb',
    } as ImageData),
  );
  const tones = { beep: vi.fn(), hum: vi.fn() };
  const playSound = vi.fn();
  const alert = vi.fn();
  const vibrate = vi.fn();
  const createSpeechInput = vi.fn((_o: { continuous: boolean }) => input as SpeechInput | null);
  const requestMicrophone = vi.fn(() => Promise.resolve(true));
  let noticeGiven = false;
  const claimUnavailableNotice = () => !noticeGiven && (noticeGiven = true);
  const deps: SceneDeps = {
    speech,
    t: (key) => key,
    capture,
    analyze,
    grabPixels,
    tones,
    playSound,
    alert,
    vibrate,
    vibrateOnDanger: () => true,
    // every answer is said whole unless a test asks for brief
    verbosity: () => 'detailed',
    createSpeechInput,
    requestMicrophone,
    claimUnavailableNotice,
    now: () => 1_700_000_000_000,
    ...over,
  };
  return {
    deps,
    speech,
    input,
    analyze,
    capture,
    grabPixels,
    tones,
    playSound,
    alert,
    vibrate,
    createSpeechInput,
    requestMicrophone,
  };
}
