import type { RecognitionOptions } from '@sfm/protocol';
import { decodeToPcm16k, PCM_SAMPLE_RATE, wavFromPcm } from './audio-decode.ts';
import {
  RecognitionError,
  type RecognitionCallbacks,
  type RecognitionSession,
  type SpeechRecognizer,
} from './speech-recognizer.ts';

export const DEFAULT_OPENAI_ASR_MODEL = 'whisper-1';

export interface OpenAiCompatibleRecognizerConfig {
  /** e.g. http://127.0.0.1:8000/v1 — `/audio/transcriptions` is appended. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Audio per realtime piece; each piece is one transcription request. */
  chunkSeconds?: number;
  timeoutMs?: number;
}

/**
 * Any server with OpenAI's `POST /audio/transcriptions` (faster-whisper-server, whisper.cpp
 * server, vLLM, LocalAI…). Realtime is emulated: the PCM is cut into pieces of a few seconds, each
 * transcribed as it fills (an interim result with the text so far) and all of it final at finish.
 */
export class OpenAiCompatibleRecognizer implements SpeechRecognizer {
  readonly name = 'openai-compatible';

  constructor(private readonly config: OpenAiCompatibleRecognizerConfig) {}

  async transcribe(audio: Uint8Array, _filename: string, signal?: AbortSignal): Promise<string> {
    const pcm = await decodeToPcm16k(audio, signal);
    return this.transcribeWav(wavFromPcm(pcm), signal);
  }

  private async transcribeWav(wav: Uint8Array, signal?: AbortSignal): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([wav], { type: 'audio/wav' }), 'audio.wav');
    form.append('model', this.config.model);
    form.append('language', 'zh');
    form.append('response_format', 'json');
    const timeout = AbortSignal.timeout(this.config.timeoutMs ?? 30_000);
    const url = `${this.config.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        body: form,
        headers: this.config.apiKey ? { Authorization: `Bearer ${this.config.apiKey}` } : {},
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (err) {
      throw new RecognitionError(`transcription server unreachable: ${(err as Error).message}`);
    }
    if (!response.ok) {
      throw new RecognitionError(`transcription server answered ${response.status}`);
    }
    const body = (await response.json().catch(() => null)) as { text?: unknown } | null;
    if (typeof body?.text !== 'string') throw new RecognitionError('transcription server answer has no text');
    return body.text.trim();
  }

  start(_options: RecognitionOptions, callbacks: RecognitionCallbacks): RecognitionSession {
    const pieceBytes = Math.round((this.config.chunkSeconds ?? 3) * PCM_SAMPLE_RATE) * 2;
    const controller = new AbortController();
    const texts: string[] = [];
    let buffered: Uint8Array[] = [];
    let bufferedBytes = 0;
    let over = false;
    let finishing = false;
    // pieces are transcribed one after another so the text stays in order
    let chain = Promise.resolve();

    const fail = (err: unknown) => {
      if (over) return;
      over = true;
      controller.abort();
      callbacks.onError(err instanceof Error ? err.message : String(err));
    };
    const flush = (final: boolean) => {
      const pcm = Buffer.concat(buffered);
      buffered = [];
      bufferedBytes = 0;
      chain = chain
        .then(async () => {
          if (over) return;
          if (pcm.length >= PCM_SAMPLE_RATE / 5) {
            const text = await this.transcribeWav(wavFromPcm(pcm), controller.signal);
            if (text) texts.push(text);
          }
          if (over) return;
          if (!final) {
            if (texts.length > 0) callbacks.onInterim(texts.join(''));
            return;
          }
          over = true;
          const all = texts.join('');
          if (all) callbacks.onFinal(all);
          callbacks.onCompleted();
        })
        .catch(fail);
    };

    queueMicrotask(() => {
      if (!over) callbacks.onStarted();
    });
    return {
      sendPcm(pcm) {
        if (over || finishing || pcm.length === 0) return;
        buffered.push(pcm);
        bufferedBytes += pcm.length;
        if (bufferedBytes >= pieceBytes) flush(false);
      },
      finish() {
        if (over || finishing) return;
        finishing = true;
        flush(true);
      },
      abort() {
        over = true;
        controller.abort();
      },
    };
  }
}
