import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { wavFromPcm } from './audio-decode.ts';
import { ChunkedRecognition } from './chunked-recognition.ts';
import { hearTones } from '../../../test/fakes/whisper-server.ts';
import { scene, silence, spoken } from '../../../test/fixtures/speech-audio.ts';
import { feed } from '../../../test/harness/recognition.ts';

/** A transcriber that hears the tone language after `latencyMs`, noting each request's audio. */
function transcriber(latencyMs: number) {
  const requests: number[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const transcribe = async (pcm: Uint8Array) => {
    requests.push(pcm.length);
    mostAtOnce = Math.max(mostAtOnce, ++running);
    await sleep(latencyMs);
    running--;
    return hearTones({
      authorization: undefined,
      fields: {},
      file: { name: 'audio.wav', type: 'audio/wav', bytes: wavFromPcm(pcm) },
    });
  };
  return { transcribe, requests, mostAtOnce: () => mostAtOnce };
}

function run(transcribe: (pcm: Uint8Array) => Promise<string>) {
  const finals: string[] = [];
  let completed!: () => void;
  const done = new Promise<void>((resolve) => (completed = resolve));
  const session = new ChunkedRecognition(transcribe, {
    onStarted: () => {},
    onInterim: () => {},
    onFinal: (text) => finals.push(text),
    onCompleted: () => completed(),
    onError: (message) => {
      throw new Error(message);
    },
  });
  return { session, finals, done };
}

describe('ChunkedRecognition', () => {
  it('asks one transcription at a time, however slow the server', async () => {
    const slow = transcriber(600);
    const { session, finals, done } = run(slow.transcribe);
    await feed(session, scene([silence(300), spoken('前面有什么左边是一扇门'), silence(1_500)]), {
      speed: 4,
    });
    session.finish();
    await done;
    expect(finals).toEqual(['前面有什么左边是一扇门']);
    expect(slow.mostAtOnce()).toBe(1);
  });

  it('the transcription made at the pause is the final text: no request of its own at the end', async () => {
    const quick = transcriber(5);
    const { session, finals, done } = run(quick.transcribe);
    await feed(session, scene([silence(300), spoken('前面有什么'), silence(2_000)]), { speed: 4 });
    expect(finals).toEqual(['前面有什么']);
    session.finish();
    await done;
    // no audio was sent twice
    expect(new Set(quick.requests).size).toBe(quick.requests.length);
  });
});
