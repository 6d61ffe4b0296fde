import type { RecognitionOptions } from '@sfm/protocol';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../app-error.ts';
import type {
  RecognitionCallbacks,
  RecognitionSession,
  SpeechRecognizer,
} from '../../engines/asr/speech-recognizer.ts';
import { createLogger } from '../../logger.ts';
import { ListeningSession, type ListeningListener } from './listening-session.ts';

/** Hands the test every recognition's callbacks and records what each was sent. */
class FakeRecognizer implements SpeechRecognizer {
  readonly name = 'openai-compatible';
  readonly started: { options: RecognitionOptions; callbacks: RecognitionCallbacks; pcm: number[] }[] = [];
  start(options: RecognitionOptions, callbacks: RecognitionCallbacks): RecognitionSession {
    const run = { options, callbacks, pcm: [] as number[] };
    this.started.push(run);
    return {
      sendPcm: (pcm) => run.pcm.push(pcm.length),
      finish: () => callbacks.onCompleted(),
      abort: () => {},
    };
  }
  async transcribe() {
    return '';
  }
}

function listener() {
  const heard: string[] = [];
  const record =
    (name: string) =>
    (arg?: string | AppError): void => {
      heard.push(arg === undefined ? name : `${name}:${arg instanceof AppError ? arg.key : arg}`);
    };
  const events: ListeningListener = {
    started: record('started'),
    interim: record('interim'),
    final: record('final'),
    completed: record('completed'),
    refused: record('refused'),
    failed: record('failed'),
    stopped: record('stopped'),
  };
  return { heard, events };
}
const logger = createLogger('silent');
const allowed = async () => null;

describe('ListeningSession (no socket needed)', () => {
  it('says recognition is unavailable without a recognizer, without counting a use', async () => {
    const { heard, events } = listener();
    let counted = 0;
    await new ListeningSession(null, logger, events).start({}, async () => (counted++, null));
    expect(heard).toEqual(['refused:errors.asr_unavailable']);
    expect(counted).toBe(0);
  });

  it('refuses a start over the rate limit without starting the engine', async () => {
    const recognizer = new FakeRecognizer();
    const { heard, events } = listener();
    const refusal = AppError.retryLater('errors.rate_limited', 12);
    await new ListeningSession(recognizer, logger, events).start({}, async () => refusal);
    expect(heard).toEqual(['refused:errors.rate_limited']);
    expect(recognizer.started).toHaveLength(0);
  });

  it('passes results on, drops an odd trailing byte, and ignores a replaced recognition', async () => {
    const recognizer = new FakeRecognizer();
    const { heard, events } = listener();
    const session = new ListeningSession(recognizer, logger, events);
    await session.start({ enablePunctuation: false }, allowed);
    const [first] = recognizer.started;
    expect(first?.options).toMatchObject({ format: 'pcm', sampleRate: 16000, enablePunctuation: false });
    first?.callbacks.onStarted();
    session.audio(Buffer.alloc(5));
    first?.callbacks.onInterim('你');
    await session.start({}, allowed);
    first?.callbacks.onFinal('你好');
    const second = recognizer.started[1];
    second?.callbacks.onError('socket closed');
    session.stop();
    expect(first?.pcm).toEqual([4]);
    expect(heard).toEqual(['started', 'interim:你', 'failed:errors.asr_unavailable', 'stopped']);
  });

  it("says the cloud's business errors and goes on: nothing heard by the end, a result it could not read (spec §8)", async () => {
    const recognizer = new FakeRecognizer();
    const { heard, events } = listener();
    const session = new ListeningSession(recognizer, logger, events);
    await session.start({}, allowed);
    const [run] = recognizer.started;
    run?.callbacks.onStarted();
    run?.callbacks.onNotice?.('resultFormat');
    run?.callbacks.onInterim('前面');
    run?.callbacks.onFinal('前面有什么');
    session.stop();
    expect(heard).toEqual([
      'started',
      'refused:errors.asr_result_format',
      'interim:前面',
      'final:前面有什么',
      'completed',
    ]);
    // a task that heard nothing says "No speech input" before it completes
    heard.length = 0;
    await session.start({}, allowed);
    recognizer.started[1]?.callbacks.onStarted();
    session.stop();
    expect(heard).toEqual(['started', 'refused:errors.asr_no_speech', 'completed']);
  });
});
