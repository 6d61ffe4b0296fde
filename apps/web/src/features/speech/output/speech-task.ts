import type { AudioChunk } from './mse-audio-player.ts';
import type { EngineOutcome } from './types.ts';

/** Spec §3 speech task (front end only). */
export interface SpeechTask {
  id: string;
  text: string;
  status: 'pending' | 'completed' | 'failed';
  startTime: number;
  audioDataQueue: AudioChunk[];
  endReason?: string;
}

/** The task the cloud engine is saying, with what its end check has seen of the stream so far. */
export interface RunningTask {
  task: SpeechTask;
  settle: (o: EngineOutcome) => void;
  lastDataAt: number;
  hasData: boolean;
  /** The server has not confirmed this task's start: chunks arriving now belong to a stopped one. */
  awaitingStart: boolean;
  seq: number;
  checks: number;
  lastCheckAt: number;
  /** The socket dropped during this task: its stream is over even if socket.io reconnects. */
  socketClosed: boolean;
  timer: ReturnType<typeof setInterval> | null;
}

// ids stay unique across engines, so a debug page or test telling tasks apart never sees one twice
let taskCounter = 0;

/** A new pending task for one text. */
export function newSpeechTask(text: string, startTime: number): SpeechTask {
  taskCounter += 1;
  return { id: `tts-${taskCounter}`, text, status: 'pending', startTime, audioDataQueue: [] };
}
