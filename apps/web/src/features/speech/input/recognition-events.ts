import type { Socket } from 'socket.io-client';
import { protocolSchemas } from '../../../api/protocol-schemas.ts';
import { confidenceOf, type RecognitionUpdate, type SpeechInputError } from './types.ts';

export interface RecognitionListener {
  /** False once the listening this socket serves is over: its events are not heard any more. */
  current(): boolean;
  result(update: RecognitionUpdate): void;
  error(error: SpeechInputError): void;
  /** The connection is gone (or the server said it is going): reconnect. */
  lost(): void;
}

/** A result's score when the server sends one (the protocol's event carries the text only). */
function scoreOf(payload: unknown): number {
  const score =
    typeof payload === 'object' && payload !== null
      ? (payload as { confidence?: unknown }).confidence
      : undefined;
  return confidenceOf(score);
}

/** Hands the /speech server events (spec §7) of one socket to `listener`, checked with the protocol. */
export function listenToRecognition(socket: Socket, listener: RecognitionListener): void {
  const schemas = protocolSchemas().RecognitionServerEvents;
  const result = (payload: unknown, text: string, isFinal: boolean) => {
    const clean = text.trim();
    if (clean && listener.current()) listener.result({ text: clean, confidence: scoreOf(payload), isFinal });
  };
  socket.on('resultChanged', (payload: unknown) => {
    const parsed = schemas.resultChanged.safeParse(payload);
    if (parsed.success) result(payload, parsed.data.text, false);
  });
  socket.on('resultCompleted', (payload: unknown) => {
    const parsed = schemas.resultCompleted.safeParse(payload);
    if (parsed.success) result(payload, parsed.data.text, true);
  });
  // spec §8: business errors are reported, the service stays running
  const serverError = (code: 'taskFailed' | 'error', message: string | undefined) => {
    if (!listener.current()) return;
    listener.error({ key: 'speechInput.server', code, message, recoverable: true });
  };
  socket.on('taskFailed', (payload: unknown) => {
    const parsed = schemas.taskFailed.safeParse(payload);
    serverError('taskFailed', parsed.success ? parsed.data.message : undefined);
  });
  socket.on('error', (payload: unknown) => {
    const parsed = schemas.error.safeParse(payload);
    serverError('error', parsed.success ? parsed.data.message : undefined);
  });
  socket.on('disconnect', () => listener.lost());
  // spec §7 lists `disconnected` among the server's /speech events: a server that says it is closing
  // the session is reconnected to at once, as a dropped socket is, instead of after the drop itself
  socket.on('disconnected', () => listener.lost());
}
