/**
 * DashScope's duplex speech websocket (CosyVoice and Paraformer share it): JSON control messages
 * with `header.action` run-task / continue-task / finish-task, answers with `header.event`
 * task-started / result-generated / task-finished / task-failed, audio as binary frames.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';

export interface DashScopeSpeechConfig {
  apiKey: string;
  wsUrl: string;
}

export type DashScopeEvent = 'task-started' | 'result-generated' | 'task-finished' | 'task-failed';

export interface DashScopeServerMessage {
  header: { event: DashScopeEvent; task_id?: string; error_code?: string; error_message?: string };
  payload?: {
    output?: {
      type?: string;
      sentence?: { text?: string; sentence_end?: boolean; begin_time?: number; end_time?: number };
    };
  };
}

/** A task id as DashScope wants it: 32 hex characters. */
export const newTaskId = (): string => randomUUID().replace(/-/g, '');

export function openDashScopeSocket(config: DashScopeSpeechConfig): WebSocket {
  return new WebSocket(config.wsUrl, {
    headers: { Authorization: `bearer ${config.apiKey}` },
    handshakeTimeout: 10_000,
  });
}

export function actionMessage(
  action: 'run-task' | 'continue-task' | 'finish-task',
  taskId: string,
  payload: Record<string, unknown>,
): string {
  return JSON.stringify({ header: { action, task_id: taskId, streaming: 'duplex' }, payload });
}

/** Parses a text frame; anything that is not a DashScope event is null. */
export function parseServerMessage(data: WebSocket.RawData): DashScopeServerMessage | null {
  try {
    const text = Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.from(data as ArrayBuffer).toString('utf8');
    const message = JSON.parse(text) as DashScopeServerMessage;
    return typeof message?.header?.event === 'string' ? message : null;
  } catch {
    return null;
  }
}

/** The service's own words for a failure, without anything that could echo a credential. */
export function failureText(message: DashScopeServerMessage): string {
  const { error_code: code, error_message: text } = message.header;
  return [code, text].filter(Boolean).join(': ') || 'task failed';
}

export function toBytes(data: WebSocket.RawData): Uint8Array {
  if (Array.isArray(data)) return Buffer.concat(data);
  return data instanceof ArrayBuffer ? new Uint8Array(data) : data;
}
