import { nativeTts, type NativeTts } from '../../../platform/native-tts.ts';
import { cleanMarkdown, splitForSpeech } from './speech-text.ts';
import type { EngineHooks, EngineOutcome, PlaybackState, SpeechEngine } from './types.ts';

/**
 * Android / iOS speech through the Capacitor plugin: markdown cleaned, then spoken chunk by chunk
 * (≤ 200 characters, split at sentence ends). Native speech cannot pause or resume (spec §4).
 */
/** Spec §9: the platform's voice must answer within this long at start, or the app speaks otherwise. */
export const NATIVE_INIT_TIMEOUT_MS = 1_000;

export class NativeSpeechEngine implements SpeechEngine {
  readonly name = 'native' as const;
  private status: PlaybackState = 'idle';
  private generation = 0;
  /** The platform's voice did not answer at start: the next engine in the chain speaks instead. */
  private broken = false;

  constructor(
    private readonly tts: NativeTts = nativeTts,
    private readonly rate: () => number = () => 1,
    private readonly volume: () => number = () => 1,
  ) {}

  available(): boolean {
    return !this.broken && this.tts.available();
  }

  /** App start: the platform's voice answers within NATIVE_INIT_TIMEOUT_MS, or is left out. */
  async prepare(): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('native speech did not start in time')),
        NATIVE_INIT_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([this.tts.ready(), late]);
    } catch (error) {
      this.broken = true;
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  state(): PlaybackState {
    return this.status;
  }

  pause(): boolean {
    return false;
  }

  resume(): boolean {
    return false;
  }

  cancel(): void {
    this.generation += 1;
    if (this.status !== 'error') this.status = 'idle';
    this.tts.stop().catch(() => undefined);
  }

  async speak(text: string, hooks: EngineHooks): Promise<EngineOutcome> {
    const chunks = splitForSpeech(cleanMarkdown(text));
    if (chunks.length === 0) return { kind: 'done' };
    this.generation += 1;
    const generation = this.generation;
    this.status = 'speaking';
    hooks.onStart();
    try {
      for (const chunk of chunks) {
        if (generation !== this.generation) return { kind: 'cancelled' };
        await this.tts.speak({
          text: chunk,
          lang: 'zh-CN',
          rate: this.rate(),
          pitch: 1,
          volume: this.volume(),
        });
      }
    } catch (error) {
      if (generation !== this.generation) return { kind: 'cancelled' };
      this.status = 'error';
      return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
    }
    if (generation !== this.generation) return { kind: 'cancelled' };
    this.status = 'idle';
    return { kind: 'done' };
  }
}
