import type { Capabilities } from '@sfm/protocol';
import type { ChatCapability } from '@sfm/protocol/chat';
import type { Logger } from 'pino';
import { AudioDecodeError } from '../../engines/asr/audio-decode.ts';
import type { SpeechRecognizer } from '../../engines/asr/speech-recognizer.ts';
import type { SpeechSynthesizer } from '../../engines/tts/speech-synthesizer.ts';
import { AppError } from '../../app-error.ts';
import type { DeviceIdentity, UserIdentity } from '../../http/identity.ts';
import type { Clock } from '../../security/clock.ts';
import { ListeningSession, type ListeningListener } from './listening-session.ts';
import { SpeakingSession, type SpeakingListener } from './speaking-session.ts';
import type { SpokenTextsRepo } from './spoken-texts-repo.ts';

/** The upload could not be decoded: answered with the protocol's DECODE_ERROR. */
export class DecodeFailure extends Error {
  override readonly name = 'DecodeFailure';
}

/** Largest single-shot recording accepted (decoded bytes): ≈ 10 min of compressed speech. */
const MAX_AUDIO_BYTES = 8 * 1024 * 1024;

export class SpeechService {
  constructor(
    private readonly synthesizer: SpeechSynthesizer,
    private readonly recognizer: SpeechRecognizer | null,
    private readonly visionEngine: Capabilities['vision']['engine'],
    private readonly logger: Logger,
    /** Where each admitted text is recorded for the back office. */
    private readonly spokenTexts: Pick<SpokenTextsRepo, 'insert'>,
    private readonly clock: Clock,
    /** What the chat engine can do (the capabilities answer names every engine). */
    private readonly chat: ChatCapability,
  ) {}

  /** Records a text admitted for speaking; a failure is logged, never heard by the listener. */
  async recordSpoken(speaker: UserIdentity | DeviceIdentity, text: string): Promise<void> {
    try {
      await this.spokenTexts.insert({
        createdAt: this.clock(),
        userId: speaker.kind === 'user' ? speaker.userId : null,
        deviceId: speaker.kind === 'device' ? speaker.deviceId : null,
        characters: text.length,
      });
    } catch (err) {
      this.logger.error({ err }, 'recording a spoken text failed');
    }
  }

  /** Starts the synthesis engine's workers (seconds of CPU); a later call shares the same warm-up. */
  warmUp(): Promise<void> {
    return this.synthesizer.warmUp();
  }

  /** One client's speech output (the /speech-synthesis socket). */
  speaking(listener: SpeakingListener): SpeakingSession {
    return new SpeakingSession(this.synthesizer, this.logger, listener);
  }

  /** One client's realtime speech input (the /speech socket). */
  listening(listener: ListeningListener): ListeningSession {
    return new ListeningSession(this.recognizer, this.logger, listener);
  }

  capabilities(): Capabilities {
    return {
      vision: { engine: this.visionEngine },
      tts: { engine: this.synthesizer.name, voices: [...this.synthesizer.voices] },
      asr: {
        engine: this.recognizer?.name ?? null,
        realtime: this.recognizer !== null,
        singleShot: this.recognizer !== null,
      },
      chat: this.chat,
    };
  }

  /** A whole recording (base64) to text; '' when nothing intelligible was said. */
  async recognize(audioBase64: string, filename: string, signal: AbortSignal): Promise<string> {
    if (!this.recognizer) throw new AppError(503, 'errors.asr_unavailable');
    const audio = Buffer.from(audioBase64, 'base64');
    if (audio.length === 0) throw new AppError(400, 'errors.audio_invalid');
    if (audio.length > MAX_AUDIO_BYTES) throw new AppError(413, 'errors.body_too_large');
    try {
      return await this.recognizer.transcribe(audio, filename, signal);
    } catch (err) {
      if (err instanceof AudioDecodeError) throw new DecodeFailure(err.message);
      if (signal.aborted) throw err;
      this.logger.warn({ err, engine: this.recognizer.name }, 'speech recognition failed');
      throw new AppError(502, 'errors.asr_unavailable');
    }
  }
}
