import { describe, expect, it } from 'vitest';
import { ANDROID_STREAM_TIMINGS, BROWSER_STREAM_TIMINGS, type StreamTimings } from './cloud-speech-config.ts';
import { MseAudioPlayer, UNSUPPORTED_MPEG } from './mse-audio-player.ts';

class FakeSourceBuffer extends EventTarget {
  updating = false;
  appended: Uint8Array[] = [];
  ranges: [number, number][] = [];
  get buffered() {
    const r = this.ranges;
    return { length: r.length, start: (i: number) => r[i]![0], end: (i: number) => r[i]![1] } as TimeRanges;
  }
  appendBuffer(data: Uint8Array) {
    this.appended.push(data);
    // each byte is 0.1 s of audio in this fake
    const end = (this.ranges[0]?.[1] ?? 0) + data.byteLength * 0.1;
    this.ranges = [[0, end]];
    this.updating = true;
    queueMicrotask(() => {
      this.updating = false;
      this.dispatchEvent(new Event('updateend'));
    });
  }
  removed: [number, number][] = [];
  remove(start: number, end: number) {
    this.removed.push([start, end]);
    this.ranges = [[end, this.ranges[0]?.[1] ?? end]];
    this.updating = true;
    queueMicrotask(() => {
      this.updating = false;
      this.dispatchEvent(new Event('updateend'));
    });
  }
}
class FakeMediaSource extends EventTarget {
  static isTypeSupported = (t: string) => t === 'audio/mpeg';
  readyState = 'open';
  buffers: FakeSourceBuffer[] = [];
  addSourceBuffer() {
    const sb = new FakeSourceBuffer();
    this.buffers.push(sb);
    return sb;
  }
  endOfStream() {
    this.readyState = 'ended';
  }
}
function fakeAudio() {
  const target = new EventTarget();
  return Object.assign(target, {
    src: '',
    currentTime: 0,
    volume: 1,
    ended: false,
    plays: 0,
    play() {
      this.plays += 1;
      queueMicrotask(() => target.dispatchEvent(new Event('playing')));
      return Promise.resolve();
    },
    pause() {},
    removeAttribute() {},
    load() {},
  });
}

describe('MseAudioPlayer', () => {
  function setup(timings?: StreamTimings, volume?: () => number) {
    const sources: FakeMediaSource[] = [];
    const audio = fakeAudio();
    const MS = class extends FakeMediaSource {
      constructor() {
        super();
        sources.push(this);
      }
    };
    const player = new MseAudioPlayer({
      MediaSource: MS as unknown as typeof MediaSource,
      createAudio: () => audio,
      createObjectURL: () => 'blob:x',
      revokeObjectURL: () => undefined,
      timings,
      ...(volume && { volume }),
    });
    return { player, sources, audio };
  }
  const flush = () => new Promise((r) => setTimeout(r, 0));

  it('refuses without audio/mpeg with the spec message', () => {
    const player = new MseAudioPlayer({ MediaSource: null });
    expect(player.supported()).toBe(false);
    expect(() => player.startTask('t', () => undefined)).toThrow(UNSUPPORTED_MPEG);
  });

  it('appends chunks in order, starts playing at 0.5 s and reports the start', async () => {
    const { player, sources, audio } = setup();
    let started = 0;
    player.startTask('t1', () => (started += 1));
    sources[0]!.dispatchEvent(new Event('sourceopen'));
    player.append('t1', { data: new Uint8Array(3), seq: 0 }); // 0.3 s
    await flush();
    expect(audio.plays).toBe(0);
    player.append('t1', { data: new Uint8Array(3), seq: 1 }); // 0.6 s
    await flush();
    expect(audio.plays).toBe(1);
    expect(started).toBe(1);
    expect(player.snapshot()).toMatchObject({ taskId: 't1', started: true, bytesAppended: 6 });
  });

  it('plays each text at the volume stored when it starts', () => {
    let volume = 0.3;
    const { player, audio } = setup(undefined, () => volume);
    player.startTask('t1', () => undefined);
    expect(audio.volume).toBe(0.3);
    volume = 0.8;
    player.startTask('t2', () => undefined);
    expect(audio.volume).toBe(0.8);
  });

  it('a new task drops the old one: its late chunks are ignored', async () => {
    const { player, sources } = setup();
    player.startTask('a', () => undefined);
    sources[0]!.dispatchEvent(new Event('sourceopen'));
    player.startTask('b', () => undefined);
    sources[1]!.dispatchEvent(new Event('sourceopen'));
    player.append('a', { data: new Uint8Array(4), seq: 0 });
    player.append('b', { data: new Uint8Array(2), seq: 0 });
    await flush();
    expect(sources[1]!.buffers[0]!.appended.map((d) => d.byteLength)).toEqual([2]);
    expect(sources[0]!.buffers[0]!.appended).toHaveLength(0);
  });

  it('keeps at most 100 s buffered: played audio beyond that is removed, never what is still ahead', async () => {
    expect(BROWSER_STREAM_TIMINGS.maxKeptBufferS).toBe(100);
    expect(ANDROID_STREAM_TIMINGS.maxKeptBufferS).toBe(100);
    const { player, sources, audio } = setup();
    player.startTask('long', () => undefined);
    sources[0]!.dispatchEvent(new Event('sourceopen'));
    player.append('long', { data: new Uint8Array(1000), seq: 0 }); // 100 s
    await flush();
    const buffer = sources[0]!.buffers[0]!;
    expect(buffer.removed).toEqual([]);
    audio.currentTime = 30;
    player.append('long', { data: new Uint8Array(200), seq: 1 }); // 120 s in all
    await flush();
    // up to a second behind the playhead, and no more than brings the buffer back to 100 s
    expect(buffer.removed).toEqual([[0, 20]]);
  });

  it('startNow plays a clip shorter than 0.5 s whose data stopped', async () => {
    const { player, sources, audio } = setup();
    player.startTask('c', () => undefined);
    sources[0]!.dispatchEvent(new Event('sourceopen'));
    player.append('c', { data: new Uint8Array(2), seq: 0 });
    await flush();
    expect(audio.plays).toBe(0);
    player.startNow('other');
    expect(audio.plays).toBe(0);
    player.startNow('c');
    expect(audio.plays).toBe(1);
    audio.currentTime = 0.1;
    expect(player.snapshot().caughtUp).toBe(true);
  });

  it('a short stream plays once done and then ends the MediaSource', async () => {
    const { player, sources, audio } = setup();
    player.startTask('s', () => undefined);
    sources[0]!.dispatchEvent(new Event('sourceopen'));
    player.append('s', { data: new Uint8Array(2), seq: 0 }); // 0.2 s
    await flush();
    expect(audio.plays).toBe(0);
    player.markStreamDone('s');
    await flush();
    expect(audio.plays).toBe(1);
    expect(sources[0]!.readyState).toBe('ended');
    audio.currentTime = 0.15;
    expect(player.snapshot().ended).toBe(true);
  });

  it('with the Android timings, playback starts at 3 s buffered', async () => {
    const { player, sources, audio } = setup(ANDROID_STREAM_TIMINGS);
    player.startTask('a', () => undefined);
    sources[0]!.dispatchEvent(new Event('sourceopen'));
    player.append('a', { data: new Uint8Array(29), seq: 0 }); // 2.9 s
    await flush();
    expect(audio.plays).toBe(0);
    player.append('a', { data: new Uint8Array(1), seq: 1 }); // 3.0 s
    await flush();
    expect(audio.plays).toBe(1);
  });

  it('ended once less than 0.2 s is left on Android, 0.15 s in the browser', async () => {
    const playOneSecond = async (timings?: StreamTimings) => {
      const { player, sources, audio } = setup(timings);
      player.startTask('e', () => undefined);
      sources[0]!.dispatchEvent(new Event('sourceopen'));
      player.append('e', { data: new Uint8Array(10), seq: 0 }); // 1 s
      player.markStreamDone('e');
      await flush();
      expect(audio.plays).toBe(1);
      return (currentTime: number) => {
        audio.currentTime = currentTime;
        return player.snapshot();
      };
    };
    const android = await playOneSecond(ANDROID_STREAM_TIMINGS);
    expect(android(0.79)).toMatchObject({ ended: false, caughtUp: false }); // 0.21 s left
    expect(android(0.81)).toMatchObject({ ended: true, caughtUp: true }); // 0.19 s left
    const browser = await playOneSecond();
    expect(browser(0.81).ended).toBe(false); // 0.19 s left
    expect(browser(0.84).ended).toBe(false); // 0.16 s left
    expect(browser(0.86).ended).toBe(true); // 0.14 s left
  });
});
