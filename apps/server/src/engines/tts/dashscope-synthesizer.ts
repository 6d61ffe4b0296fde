import type { SynthesisOptions } from '@sfm/protocol';
import {
  actionMessage,
  failureText,
  newTaskId,
  openDashScopeSocket,
  parseServerMessage,
  toBytes,
  type DashScopeSpeechConfig,
} from '../dashscope/dashscope-ws.ts';
import { AsyncQueue } from './async-queue.ts';
import { SynthesisError, type SpeechSynthesizer } from './speech-synthesizer.ts';

export interface DashScopeSynthesizerConfig extends DashScopeSpeechConfig {
  model: string;
  voice: string;
}

/** CosyVoice over DashScope's websocket: one task per text, audio frames passed on as they come. */
export class DashScopeSynthesizer implements SpeechSynthesizer {
  readonly name = 'dashscope';
  readonly voices: string[];

  constructor(private readonly config: DashScopeSynthesizerConfig) {
    this.voices = [config.voice];
  }

  async warmUp(): Promise<void> {}

  stream(text: string, options: SynthesisOptions, signal: AbortSignal): AsyncIterable<Uint8Array> {
    const queue = new AsyncQueue<Uint8Array>();
    if (signal.aborted) {
      queue.end();
      return queue;
    }
    const taskId = newTaskId();
    const ws = openDashScopeSocket(this.config);
    const stop = (error?: Error) => {
      signal.removeEventListener('abort', onAbort);
      queue.end(error);
      if (ws.readyState === ws.CONNECTING || ws.readyState === ws.OPEN) ws.terminate();
    };
    const onAbort = () => stop();
    signal.addEventListener('abort', onAbort, { once: true });

    ws.on('open', () => {
      ws.send(
        actionMessage('run-task', taskId, {
          task_group: 'audio',
          task: 'tts',
          function: 'SpeechSynthesizer',
          model: this.config.model,
          parameters: {
            text_type: options.textType,
            voice: options.voice ?? this.config.voice,
            format: options.format,
            sample_rate: options.sampleRate,
            volume: Math.round(options.volume),
            rate: options.rate,
            pitch: options.pitch,
          },
          input: {},
        }),
      );
    });
    ws.on('message', (data, isBinary) => {
      if (queue.done) return;
      if (isBinary) {
        queue.push(toBytes(data));
        return;
      }
      const message = parseServerMessage(data);
      switch (message?.header.event) {
        case 'task-started':
          ws.send(actionMessage('continue-task', taskId, { input: { text } }));
          ws.send(actionMessage('finish-task', taskId, { input: {} }));
          return;
        case 'task-finished':
          stop();
          return;
        case 'task-failed':
          stop(new SynthesisError(`CosyVoice: ${failureText(message)}`));
          return;
        case 'result-generated':
        case undefined:
          return;
      }
    });
    ws.on('error', (err) => stop(new SynthesisError(`CosyVoice connection failed: ${err.message}`)));
    ws.on('close', () =>
      stop(queue.done ? undefined : new SynthesisError('CosyVoice closed the connection')),
    );
    return queue;
  }

  async close(): Promise<void> {}
}
