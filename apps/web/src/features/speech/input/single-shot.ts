import { DECODE_ERROR } from '@sfm/protocol';
import { api } from '../../../api/http-client.ts';
import { startRecording, type Recording } from '../../../platform/audio-capture.ts';
import { bytesToBase64 } from '../speech-socket.ts';
import {
  InputEvents,
  UNSCORED_CONFIDENCE,
  type RecognitionState,
  type SpeechInput,
  type SpeechInputError,
} from './types.ts';

/** Spec §5/§9: recordings shorter than 1.2 s, and empty ones, are discarded. */
export const MIN_RECORDING_MS = 1_200;

export type SingleShotResult =
  { kind: 'text'; text: string } | { kind: 'discarded' } | { kind: 'error'; error: SpeechInputError };

export type RecognizeCall = (body: {
  audio: string;
  filename: string;
}) => Promise<{ ok: true; data: { text: string } } | { ok: false; message: string; data: unknown }>;

const defaultRecognize: RecognizeCall = (body) => api.call('speechRecognize', body);

function extensionOf(mime: string): string {
  if (mime.includes('webm')) return 'webm';
  if (mime.includes('mp4')) return 'm4a';
  if (mime.includes('aac')) return 'aac';
  if (mime.includes('mpeg')) return 'mp3';
  if (mime.includes('wav')) return 'wav';
  return 'bin';
}

/** Uploads one recording to POST /api/speech/recognize and maps the answer to the spec's messages. */
export async function recognizeRecording(
  recording: Recording,
  recognize: RecognizeCall = defaultRecognize,
): Promise<SingleShotResult> {
  if (recording.blob.size === 0 || recording.durationMs < MIN_RECORDING_MS) return { kind: 'discarded' };
  const audio = bytesToBase64(new Uint8Array(await recording.blob.arrayBuffer()));
  let answer;
  try {
    answer = await recognize({ audio, filename: `recording.${extensionOf(recording.mimeType)}` });
  } catch {
    return { kind: 'error', error: { key: 'speechInput.failed', code: 'network' } };
  }
  if (!answer.ok) {
    const data = answer.data as { error?: unknown } | null | undefined;
    if (data && data.error === DECODE_ERROR)
      return { kind: 'error', error: { key: 'speechInput.decodeError', code: DECODE_ERROR } };
    return { kind: 'error', error: { key: 'speechInput.server', code: 'server', message: answer.message } };
  }
  const text = answer.data.text.trim();
  if (!text) return { kind: 'error', error: { key: 'speechInput.noText', code: 'no-text' } };
  return { kind: 'text', text };
}

/** Press to record, release to recognise: state recording → upload → result (spec §4). */
export class SingleShotRecognizer {
  private active: { stop(): Promise<Recording> } | null = null;

  constructor(
    private readonly record: () => Promise<{ stop(): Promise<Recording> }> = startRecording,
    private readonly recognize: RecognizeCall = defaultRecognize,
  ) {}

  async begin(): Promise<void> {
    if (this.active) return;
    this.active = await this.record();
  }

  async finish(): Promise<SingleShotResult> {
    const active = this.active;
    this.active = null;
    if (!active) return { kind: 'discarded' };
    return recognizeRecording(await active.stop(), this.recognize);
  }
}

/** A question is a few seconds: a recording stops by itself after this long (the user may tap sooner). */
export const MAX_QUESTION_MS = 8_000;

/**
 * The single-shot recognizer as a speech input, where the device has no streaming recognizer but
 * the server recognises uploads: start() records, stop() (a tap, or MAX_QUESTION_MS) uploads, and
 * the text comes back as one final result. Too short or empty recordings end without a result.
 */
export class SingleShotSpeechInput implements SpeechInput {
  readonly resultAfterStop = true;
  private readonly events = new InputEvents();
  private listening = false;
  private limit: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly recognizer = new SingleShotRecognizer()) {}

  onResult = this.events.onResult.bind(this.events);
  onError = this.events.onError.bind(this.events);

  isListening(): boolean {
    return this.listening;
  }

  /** Spec §4: a recorder is 'recording' while it listens, then uploads and answers. */
  state(): RecognitionState {
    return this.events.stateWhen(this.listening, 'recording');
  }

  start(): void {
    if (this.listening) return;
    this.events.settle();
    this.listening = true;
    this.recognizer.begin().then(
      () => {
        this.limit = setTimeout(() => this.stop(), MAX_QUESTION_MS);
      },
      () => {
        this.listening = false;
        this.events.error({ key: 'recognition.micUnavailable', code: 'audio-capture', recoverable: false });
      },
    );
  }

  stop(): void {
    if (!this.listening) return;
    this.listening = false;
    clearTimeout(this.limit);
    void this.recognizer.finish().then((result) => {
      // POST /api/speech/recognize answers a text without a score
      if (result.kind === 'text')
        this.events.result({ text: result.text, confidence: UNSCORED_CONFIDENCE, isFinal: true });
      else if (result.kind === 'error') this.events.error({ ...result.error, recoverable: false });
      else this.events.error({ key: 'speechInput.noText', code: 'discarded', recoverable: false });
    });
  }
}
