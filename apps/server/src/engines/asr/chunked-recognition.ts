/**
 * Realtime recognition on top of a whole-file transcriber (an OpenAI-compatible /audio/transcriptions
 * server), which has no notion of a sentence end of its own. The voice activity of the PCM decides:
 * - what is sent: only audio from an onset of speech on (with a short margin each side), never a
 *   silent stretch, so silence costs no request and Whisper gets no chance to invent text on it;
 * - when an utterance is over: after `endSilenceMs` of silence its whole text is final, and listening
 *   goes on for the next one (dialogue keeps one session across questions).
 * A segment is always transcribed from its start, so a word at the edge of one request is whole in
 * the next and none is counted twice; the interim text is the utterance so far, never appended to.
 */
import { dropHallucinations } from './hallucinations.ts';
import type { RecognitionCallbacks, RecognitionSession } from './speech-recognizer.ts';
import {
  FRAME_BYTES,
  FRAME_MS,
  PcmFramer,
  SPEECH_MARGIN_MS,
  VoiceActivityDetector,
} from './voice-activity.ts';

export interface EndpointSettings {
  /** Silence after the last voiced frame that ends an utterance (the spec finalises at 1.5 s). */
  endSilenceMs: number;
  /** While someone speaks, the interim text is refreshed after this much new audio. */
  interimMs: number;
  /** A segment this long is closed at its next pause, so no request grows without bound. */
  segmentMs: number;
}

const DEFAULT_ENDPOINTING: EndpointSettings = {
  endSilenceMs: 1_200,
  interimMs: 1_000,
  segmentMs: 15_000,
};

/** A pause this long gets the utterance so far transcribed: if the pause lasts, that is its final text. */
const PAUSE_MS = 400;
/** Less voiced audio than this (a click, a cough) is never sent. */
const MIN_VOICED_MS = 200;
/** Whisper hears 30 s at most: a segment without any pause is cut here. */
const MAX_SEGMENT_MS = 28_000;
/** Text that stays the same while this much more speech-loud audio came: the speaker has finished, the room has not. */
const UNCHANGED_TEXT_MS = 3_000;

const bytesOf = (ms: number) => (ms / FRAME_MS) * FRAME_BYTES;

export type Transcribe = (pcm: Uint8Array, signal: AbortSignal) => Promise<string>;

/** Audio from one onset of speech on. */
class Segment {
  private readonly chunks: Uint8Array[] = [];
  bytes = 0;
  /** End of the last voiced frame. */
  voicedEnd = 0;
  voicedMs = 0;
  /** Audio covered by the last transcription asked for. */
  requested = 0;
  /** The most complete transcription that came back. */
  heard: { covered: number; text: string } | undefined;
  /** Where the current text was first heard. */
  textSince = 0;

  constructor(frames: Uint8Array[]) {
    for (const frame of frames) this.append(frame);
  }

  append(frame: Uint8Array): void {
    this.chunks.push(frame);
    this.bytes += frame.length;
  }

  voiced(frames: number): void {
    this.voicedEnd = this.bytes;
    this.voicedMs += frames * FRAME_MS;
  }

  /** Up to the last voiced frame and the margin after it. */
  get speechEnd(): number {
    return Math.min(this.bytes, this.voicedEnd + bytesOf(SPEECH_MARGIN_MS));
  }

  get worthHearing(): boolean {
    return this.voicedMs >= MIN_VOICED_MS;
  }

  pcm(upTo: number): Uint8Array {
    return Buffer.concat(this.chunks).subarray(0, upTo);
  }

  /** Keeps the most complete transcription; notes where its text began to be the same. */
  record(covered: number, text: string): void {
    if (this.heard && covered < this.heard.covered) return;
    if (this.heard?.text !== text) this.textSince = covered;
    this.heard = { covered, text };
  }
}

/** A segment closed up to `cut`; `ending` also ends the utterance. Or just the end of one whose last segment is already closed. */
type Closing = { segment: Segment; cut: number; ending: boolean } | { segment: null; ending: true };

export class ChunkedRecognition implements RecognitionSession {
  private readonly framer = new PcmFramer();
  private readonly vad = new VoiceActivityDetector();
  private readonly controller = new AbortController();
  private readonly settings: EndpointSettings;
  /** The last moments before an onset: the first sound of a word is quieter than the word. */
  private preRoll: Uint8Array[] = [];
  private segment: Segment | null = null;
  private readonly closing: Closing[] = [];
  /** Texts of the closed segments of the current utterance. */
  private committed: string[] = [];
  /** A segment of the current utterance was closed at a pause and its end is still to come. */
  private utteranceOpen = false;
  private silentMs = 0;
  private lastInterim = '';
  private busy = false;
  private finishing = false;
  private over = false;

  constructor(
    private readonly transcribe: Transcribe,
    private readonly callbacks: RecognitionCallbacks,
    settings: Partial<EndpointSettings> = {},
  ) {
    this.settings = { ...DEFAULT_ENDPOINTING, ...settings };
    queueMicrotask(() => {
      if (!this.over) callbacks.onStarted();
    });
  }

  sendPcm(pcm: Uint8Array): void {
    if (this.over || this.finishing || pcm.length === 0) return;
    this.framer.push(pcm, (frame) => this.onFrame(frame));
    this.pump();
  }

  finish(): void {
    if (this.over || this.finishing) return;
    this.finishing = true;
    const segment = this.segment;
    if (segment?.worthHearing) this.close(segment, segment.speechEnd, true);
    else if (this.utteranceOpen) this.endUtterance();
    this.segment = null;
    this.pump();
  }

  abort(): void {
    this.over = true;
    this.controller.abort();
  }

  private onFrame(frame: Uint8Array): void {
    const became = this.vad.frame(frame);
    this.silentMs = became ? 0 : this.silentMs + FRAME_MS;
    const segment = this.segment;
    if (segment) {
      segment.append(frame);
      if (became) segment.voiced(became);
    } else if (became) {
      this.segment = new Segment([...this.preRoll, frame]);
      this.segment.voiced(became);
      this.preRoll = [];
    } else {
      this.preRoll.push(frame);
      if (this.preRoll.length > SPEECH_MARGIN_MS / FRAME_MS) this.preRoll.shift();
    }
    this.decideEnds();
  }

  private decideEnds(): void {
    const ending = this.silentMs >= this.settings.endSilenceMs;
    const segment = this.segment;
    if (segment && !segment.worthHearing) {
      // clicks now and then: never sent, and not kept for ever either
      if (ending || segment.bytes >= bytesOf(this.settings.segmentMs)) this.segment = null;
    } else if (segment) {
      const heard = segment.heard;
      if (ending) this.close(segment, segment.speechEnd, true);
      else if (segment.bytes >= bytesOf(this.settings.segmentMs) && this.silentMs >= PAUSE_MS)
        this.close(segment, segment.speechEnd, false);
      else if (segment.bytes >= bytesOf(MAX_SEGMENT_MS)) this.close(segment, segment.bytes, false);
      else if (heard?.text && heard.covered - segment.textSince >= bytesOf(UNCHANGED_TEXT_MS))
        this.close(segment, heard.covered, true);
      return;
    }
    if (ending && this.utteranceOpen) this.endUtterance();
  }

  private close(segment: Segment, cut: number, ending: boolean): void {
    this.segment = null;
    this.closing.push({ segment, cut, ending });
    this.utteranceOpen = !ending;
  }

  private endUtterance(): void {
    this.closing.push({ segment: null, ending: true });
    this.utteranceOpen = false;
  }

  /** One transcription at a time, closings first: texts stay in order and a slow server is not flooded. */
  private pump(): void {
    if (this.over || this.busy) return;
    const job = this.nextJob();
    if (!job) {
      if (this.finishing) {
        this.over = true;
        this.callbacks.onCompleted();
      }
      return;
    }
    this.busy = true;
    job().then(
      () => {
        this.busy = false;
        this.pump();
      },
      (err: unknown) => this.fail(err),
    );
  }

  private nextJob(): (() => Promise<void>) | undefined {
    const closing = this.closing.shift();
    if (closing) return () => this.finishClosing(closing);
    const segment = this.segment;
    if (!segment?.worthHearing) return undefined;
    const end = segment.speechEnd;
    if (this.silentMs >= PAUSE_MS && segment.requested < end) return () => this.interim(segment, end);
    if (
      segment.voicedEnd > segment.requested &&
      segment.bytes - segment.requested >= bytesOf(this.settings.interimMs)
    )
      return () => this.interim(segment, segment.bytes);
    return undefined;
  }

  private async hear(segment: Segment, upTo: number): Promise<string> {
    segment.requested = Math.max(segment.requested, upTo);
    const text = dropHallucinations(await this.transcribe(segment.pcm(upTo), this.controller.signal));
    segment.record(upTo, text);
    return text;
  }

  private async interim(segment: Segment, upTo: number): Promise<void> {
    const text = await this.hear(segment, upTo);
    if (this.over) return;
    const soFar = [...this.committed, text].join('');
    if (!soFar || soFar === this.lastInterim) return;
    this.lastInterim = soFar;
    this.callbacks.onInterim(soFar);
  }

  private async finishClosing(closing: Closing): Promise<void> {
    if (closing.segment) {
      const { segment, cut } = closing;
      const known = segment.heard && segment.heard.covered >= cut ? segment.heard.text : undefined;
      const text = known ?? (await this.hear(segment, cut));
      if (this.over) return;
      if (text) this.committed.push(text);
    }
    if (!closing.ending) return;
    const utterance = this.committed.join('');
    this.committed = [];
    this.lastInterim = '';
    if (utterance) this.callbacks.onFinal(utterance);
  }

  private fail(err: unknown): void {
    if (this.over) return;
    this.over = true;
    this.controller.abort();
    this.callbacks.onError(err instanceof Error ? err.message : String(err));
  }
}
