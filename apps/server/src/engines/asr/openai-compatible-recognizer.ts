import type { RecognitionOptions } from '@sfm/protocol';
import { decodeToPcm16k, wavFromPcm } from './audio-decode.ts';
import { ChunkedRecognition, type EndpointSettings } from './chunked-recognition.ts';
import { dropHallucinations } from './hallucinations.ts';
import {
  RecognitionError,
  type RecognitionCallbacks,
  type RecognitionSession,
  type SpeechRecognizer,
} from './speech-recognizer.ts';
import { trimSilence } from './voice-activity.ts';

export interface OpenAiCompatibleRecognizerConfig {
  /** e.g. http://127.0.0.1:8000/v1 — `/audio/transcriptions` is appended. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** When realtime recognition ends an utterance (tests shorten it). */
  endpointing?: Partial<EndpointSettings>;
  timeoutMs?: number;
}

/**
 * Any server with OpenAI's `POST /audio/transcriptions` (faster-whisper-server, whisper.cpp
 * server, vLLM, LocalAI…). Realtime is emulated by ChunkedRecognition (voice activity decides what
 * is sent and when an utterance is over); a whole recording is sent without its silent ends.
 */
export class OpenAiCompatibleRecognizer implements SpeechRecognizer {
  readonly name = 'openai-compatible';

  constructor(private readonly config: OpenAiCompatibleRecognizerConfig) {}

  async transcribe(audio: Uint8Array, _filename: string, signal?: AbortSignal): Promise<string> {
    const speech = trimSilence(await decodeToPcm16k(audio, signal));
    if (!speech) return '';
    return dropHallucinations(await this.transcribeWav(wavFromPcm(speech), signal));
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
    return new ChunkedRecognition(
      (pcm, signal) => this.transcribeWav(wavFromPcm(pcm), signal),
      callbacks,
      this.config.endpointing,
    );
  }
}
