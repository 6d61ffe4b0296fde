import { describe, expect, it } from 'vitest';
import {
  ANDROID_STREAM_TIMINGS,
  BROWSER_STREAM_TIMINGS,
  streamTimingsFor,
  type StreamTimings,
} from './cloud-speech-config.ts';
import { endOfCloudSpeech, shouldStartPlayback, streamDone, type EndObservation } from './stream-end.ts';

const base: EndObservation = {
  hasData: true,
  socketClosed: false,
  msSinceLastData: 100,
  playerEnded: false,
  bufferedEnd: 3,
  currentTime: 1,
  completionChecks: 0,
};
const obs = (over: Partial<EndObservation>) => ({ ...base, ...over });

describe('end of cloud speech (spec §4), a pure function', () => {
  it('goes on while data flows and audio is left', () => {
    expect(endOfCloudSpeech(base)).toBeNull();
    expect(endOfCloudSpeech(obs({ playerEnded: true }))).toBeNull(); // ended but data still fresh
  });
  it('a gap of more than 6 s in the data is the end of the stream', () => {
    expect(streamDone(obs({ msSinceLastData: 6_000 }))).toBe(false);
    expect(streamDone(obs({ msSinceLastData: 6_001 }))).toBe(true);
    expect(streamDone(obs({ hasData: false, msSinceLastData: 9_000 }))).toBe(false);
    expect(streamDone(obs({ socketClosed: true }))).toBe(true);
  });
  it('the player caught up and 1.5 s without data (end-of-stream grace) is the end of the stream too', () => {
    expect(streamDone(obs({ playerCaughtUp: true, msSinceLastData: 1_500 }))).toBe(false);
    expect(streamDone(obs({ playerCaughtUp: true, msSinceLastData: 1_501 }))).toBe(true);
    expect(streamDone(obs({ playerCaughtUp: false, msSinceLastData: 5_000 }))).toBe(false);
  });
  it('stream done + player ended', () => {
    expect(endOfCloudSpeech(obs({ socketClosed: true, playerEnded: true }))).toBe('player-ended');
    expect(endOfCloudSpeech(obs({ msSinceLastData: 7_000, playerEnded: true }))).toBe('player-ended');
  });
  it('stream done and the buffer end within 0.5 s of the playhead', () => {
    expect(endOfCloudSpeech(obs({ socketClosed: true, bufferedEnd: 2, currentTime: 1.5 }))).toBe(
      'buffer-drained',
    );
    expect(endOfCloudSpeech(obs({ socketClosed: true, bufferedEnd: 2, currentTime: 1.4 }))).toBeNull();
  });
  it('player ended and no data for 30 s; nothing at all for 30 s', () => {
    expect(endOfCloudSpeech(obs({ playerEnded: true, msSinceLastData: 30_000, bufferedEnd: 9 }))).toBe(
      'player-ended',
    );
    expect(
      endOfCloudSpeech(obs({ hasData: false, msSinceLastData: 29_999, bufferedEnd: 0, currentTime: 0 })),
    ).toBeNull();
    expect(
      endOfCloudSpeech(obs({ hasData: false, msSinceLastData: 30_000, bufferedEnd: 0, currentTime: 0 })),
    ).toBe('no-data');
  });
  it('after 10 completion checks once the stream is done', () => {
    const stuck = obs({ msSinceLastData: 8_000, bufferedEnd: 50, currentTime: 1 });
    expect(endOfCloudSpeech({ ...stuck, completionChecks: 9 })).toBeNull();
    expect(endOfCloudSpeech({ ...stuck, completionChecks: 10 })).toBe('max-checks');
  });
  it('playback starts at 0.5 s buffered, or earlier once the stream is done', () => {
    expect(shouldStartPlayback(0.49, false)).toBe(false);
    expect(shouldStartPlayback(0.5, false)).toBe(true);
    expect(shouldStartPlayback(0.1, true)).toBe(true);
    expect(shouldStartPlayback(0, true)).toBe(false);
  });
});

describe('Android stream timings (spec §4, §9)', () => {
  const android = ANDROID_STREAM_TIMINGS;

  it('the end of a stream is looked for every 0.5 s on both, twice as often as the spec’s 1 s', () => {
    expect(BROWSER_STREAM_TIMINGS.endCheckIntervalMs).toBe(500);
    expect(android.endCheckIntervalMs).toBe(500);
  });

  it('are chosen for android only; the browser and iOS keep the browser values', () => {
    expect(streamTimingsFor('android')).toBe(ANDROID_STREAM_TIMINGS);
    expect(streamTimingsFor('h5')).toBe(BROWSER_STREAM_TIMINGS);
    expect(streamTimingsFor('ios')).toBe(BROWSER_STREAM_TIMINGS);
    expect(android).toMatchObject({
      minStartBufferS: 3,
      endedRemainingS: 0.2,
      streamGapMs: 8_000,
      endOfStreamGraceMs: 2_000,
    });
    // everything else is shared
    const differs = (Object.keys(android) as (keyof StreamTimings)[]).filter(
      (k) => android[k] !== BROWSER_STREAM_TIMINGS[k],
    );
    expect(differs.sort()).toEqual([
      'endOfStreamGraceMs',
      'endedRemainingS',
      'minStartBufferS',
      'streamGapMs',
    ]);
  });

  it('a gap of more than 8 s is the end of the stream on Android (6 s in the browser)', () => {
    expect(streamDone(obs({ msSinceLastData: 7_900 }), android)).toBe(false);
    expect(streamDone(obs({ msSinceLastData: 8_100 }), android)).toBe(true);
    expect(streamDone(obs({ msSinceLastData: 6_100 }))).toBe(true);
    expect(endOfCloudSpeech(obs({ msSinceLastData: 7_900, playerEnded: true }), android)).toBeNull();
    expect(endOfCloudSpeech(obs({ msSinceLastData: 8_100, playerEnded: true }), android)).toBe(
      'player-ended',
    );
  });

  it('the end-of-stream grace is 2 s on Android (1.5 s in the browser)', () => {
    const caughtUp = (ms: number) => obs({ playerCaughtUp: true, msSinceLastData: ms });
    expect(streamDone(caughtUp(1_900), android)).toBe(false);
    expect(streamDone(caughtUp(2_100), android)).toBe(true);
    expect(streamDone(caughtUp(1_600))).toBe(true);
  });

  it('playback starts at 3 s buffered on Android (0.5 s in the browser)', () => {
    expect(shouldStartPlayback(2.9, false, android)).toBe(false);
    expect(shouldStartPlayback(3, false, android)).toBe(true);
    expect(shouldStartPlayback(0.6, false)).toBe(true);
    expect(shouldStartPlayback(0.1, true, android)).toBe(true);
  });
});
