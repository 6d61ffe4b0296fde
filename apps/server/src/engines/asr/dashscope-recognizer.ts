import type { RecognitionOptions } from '@sfm/protocol';
import {
  actionMessage,
  failureText,
  newTaskId,
  openDashScopeSocket,
  parseServerMessage,
  type DashScopeSpeechConfig,
} from '../dashscope/dashscope-ws.ts';
import { decodeToPcm16k } from './audio-decode.ts';
import {
  RecognitionError,
  type RecognitionCallbacks,
  type RecognitionSession,
  type SpeechRecognizer,
} from './speech-recognizer.ts';

/** 100 ms of 16 kHz 16-bit audio: the frame size DashScope's own clients send. */
const FRAME_BYTES = 3200;

export interface DashScopeRecognizerConfig extends DashScopeSpeechConfig {
  model: string;
}

/** Paraformer realtime over DashScope's websocket; single-shot pushes the decoded file through it. */
export class DashScopeRecognizer implements SpeechRecognizer {
  readonly name = 'dashscope';

  constructor(private readonly config: DashScopeRecognizerConfig) {}

  start(options: RecognitionOptions, callbacks: RecognitionCallbacks): RecognitionSession {
    const taskId = newTaskId();
    const ws = openDashScopeSocket(this.config);
    const pending: Uint8Array[] = [];
    let started = false;
    let finishing = false;
    let over = false;

    const end = (notify?: () => void) => {
      if (over) return;
      over = true;
      notify?.();
      if (ws.readyState === ws.CONNECTING || ws.readyState === ws.OPEN) ws.close();
    };
    const sendFinish = () => ws.send(actionMessage('finish-task', taskId, { input: {} }));

    ws.on('open', () => {
      ws.send(
        actionMessage('run-task', taskId, {
          task_group: 'audio',
          task: 'asr',
          function: 'recognition',
          model: this.config.model,
          parameters: {
            format: options.format,
            sample_rate: options.sampleRate,
            punctuation_prediction_enabled: options.enablePunctuation,
            inverse_text_normalization_enabled: options.enableInverseText,
            language_hints: [options.language],
          },
          input: {},
        }),
      );
    });
    ws.on('message', (data, isBinary) => {
      if (over || isBinary) return;
      const message = parseServerMessage(data);
      switch (message?.header.event) {
        case 'task-started':
          started = true;
          callbacks.onStarted();
          for (const frame of pending.splice(0)) ws.send(frame);
          if (finishing) sendFinish();
          return;
        case 'result-generated': {
          const sentence = message.payload?.output?.sentence;
          if (!sentence || typeof sentence.text !== 'string') {
            // a result that says nothing readable: reported, the recognition goes on
            callbacks.onNotice?.('resultFormat');
            return;
          }
          if (sentence.sentence_end) callbacks.onFinal(sentence.text);
          else callbacks.onInterim(sentence.text);
          return;
        }
        case 'task-finished':
          end(() => callbacks.onCompleted());
          return;
        case 'task-failed':
          end(() => callbacks.onError(`Paraformer: ${failureText(message)}`));
          return;
        case undefined:
          return;
      }
    });
    ws.on('error', (err) => end(() => callbacks.onError(`Paraformer connection failed: ${err.message}`)));
    ws.on('close', () => end(() => callbacks.onError('Paraformer closed the connection')));

    return {
      sendPcm(pcm) {
        if (over || finishing || pcm.length === 0) return;
        if (started) ws.send(pcm);
        else pending.push(pcm);
      },
      finish() {
        if (over || finishing) return;
        finishing = true;
        if (started) sendFinish();
      },
      abort() {
        over = true;
        ws.terminate();
      },
    };
  }

  async transcribe(audio: Uint8Array, _filename: string, signal?: AbortSignal): Promise<string> {
    const pcm = await decodeToPcm16k(audio, signal);
    return new Promise<string>((resolve, reject) => {
      const finals: string[] = [];
      let interim = '';
      const session = this.start(
        {
          format: 'pcm',
          sampleRate: 16000,
          enablePunctuation: true,
          enableInverseText: false,
          language: 'zh',
        },
        {
          onStarted: () => {},
          onInterim: (text) => (interim = text),
          onFinal: (text) => {
            finals.push(text);
            interim = '';
          },
          onCompleted: () => resolve([...finals, interim].join('').trim()),
          onError: (message) => reject(new RecognitionError(message)),
        },
      );
      signal?.addEventListener('abort', () => {
        session.abort();
        reject(new RecognitionError('recognition cancelled'));
      });
      for (let at = 0; at < pcm.length; at += FRAME_BYTES)
        session.sendPcm(pcm.subarray(at, at + FRAME_BYTES));
      session.finish();
    });
  }
}
