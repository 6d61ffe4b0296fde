import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CloudSpeechEngine, type SpeechTask } from './cloud-engine.ts';
import type { AudioChunk, MseAudioPlayer, PlayerSnapshot } from './mse-audio-player.ts';
import { FakeSocket } from '../test-fakes.ts';

class FakePlayer {
  chunks: AudioChunk[] = [];
  task: string | null = null;
  done = false;
  ended = false;
  caughtUp = false;
  onStart: (() => void) | null = null;
  supported() {
    return true;
  }
  startTask(id: string, onStart: () => void) {
    this.task = id;
    this.chunks = [];
    this.done = false;
    this.ended = false;
    this.onStart = onStart;
  }
  append(id: string, chunk: AudioChunk) {
    if (id === this.task) this.chunks.push(chunk);
  }
  startNow() {}
  markStreamDone(id: string) {
    if (id === this.task) this.done = true;
  }
  snapshot(): PlayerSnapshot {
    return {
      taskId: this.task,
      started: this.chunks.length > 0,
      ended: this.ended,
      caughtUp: this.caughtUp,
      bufferedStart: 0,
      bufferedEnd: 5,
      currentTime: 1,
      queued: 0,
      bytesAppended: 0,
    };
  }
  stop() {
    this.task = null;
  }
}

let now = 0;
beforeEach(() => {
  vi.useFakeTimers();
  now = 0;
});
afterEach(() => vi.useRealTimers());

function setup() {
  const socket = new FakeSocket(true);
  const player = new FakePlayer();
  const tasks: SpeechTask[] = [];
  const engine = new CloudSpeechEngine({
    player: player as unknown as MseAudioPlayer,
    socketFactory: () => socket as unknown as Socket,
    rate: () => 1.25,
    voice: () => 'cmn',
    now: () => now,
    onTask: (t) => tasks.push({ ...t }),
  });
  return { engine, socket, player, tasks };
}
const advance = async (ms: number) => {
  now += ms;
  await vi.advanceTimersByTimeAsync(ms);
};
const AUDIO = btoa('\u0001\u0002\u0003');

describe('cloud speech engine', () => {
  it('starts a task, sends the spec options and the text, plays chunks and completes after the gap', async () => {
    const { engine, socket, player, tasks } = setup();
    const onStart = vi.fn();
    const done = engine.speak('前方路口', { onStart });
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.emitted).toEqual([
      [
        'startSynthesis',
        {
          options: {
            format: 'mp3',
            sampleRate: 22050,
            volume: 50,
            rate: 1.25,
            pitch: 1,
            textType: 'PlainText',
            voice: 'cmn',
          },
        },
      ],
      ['synthesizeText', { text: '前方路口' }],
    ]);
    expect(tasks[0]).toMatchObject({ text: '前方路口', status: 'pending' });
    socket.serverEmits('audioGenerated', { audioData: AUDIO }); // before synthesisStarted: stale
    expect(player.chunks).toHaveLength(0);
    socket.serverEmits('synthesisStarted', {});
    socket.serverEmits('audioGenerated', { audioData: AUDIO });
    socket.serverEmits('audioGenerated', { audioData: AUDIO });
    expect(player.chunks.map((c) => c.seq)).toEqual([0, 1]);
    player.onStart?.();
    expect(onStart).toHaveBeenCalledOnce();
    expect(engine.state()).toBe('speaking');
    await advance(6_000);
    expect(player.done).toBe(false);
    await advance(1_000); // > 6 s without data: the stream is done
    expect(player.done).toBe(true);
    player.ended = true;
    await advance(500);
    await expect(done).resolves.toEqual({ kind: 'done' });
    expect(tasks.at(-1)).toMatchObject({ status: 'completed', endReason: 'player-ended' });
    expect(engine.state()).toBe('idle');
  });

  it('once the player has played everything, 1.5 s without data ends the stream early', async () => {
    const { engine, socket, player, tasks } = setup();
    const done = engine.speak('短句', { onStart: () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    socket.serverEmits('synthesisStarted', {});
    socket.serverEmits('audioGenerated', { audioData: AUDIO });
    player.caughtUp = true;
    await advance(1_500);
    expect(player.done).toBe(false);
    await advance(500);
    expect(player.done).toBe(true);
    player.ended = true;
    await advance(500);
    await expect(done).resolves.toEqual({ kind: 'done' });
    expect(tasks.at(-1)).toMatchObject({ status: 'completed', endReason: 'player-ended' });
  });

  it('cancel stops the synthesis and fails the task', async () => {
    const { engine, socket, tasks } = setup();
    const done = engine.speak('取消我', { onStart: () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    engine.cancel();
    await expect(done).resolves.toEqual({ kind: 'cancelled' });
    expect(socket.emitted.at(-1)?.[0]).toBe('stopSynthesis');
    expect(tasks.at(-1)).toMatchObject({ status: 'failed' });
  });

  it('a server error fails the task with its message', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { engine, socket } = setup();
    const done = engine.speak('错误', { onStart: () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    socket.serverEmits('error', { message: '语音合成失败' });
    await expect(done).resolves.toEqual({ kind: 'failed', reason: '语音合成失败' });
    expect(engine.state()).toBe('error');
  });

  it('no audio at all for 30 s fails the task', async () => {
    const { engine } = setup();
    const done = engine.speak('没有声音', { onStart: () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    await advance(30_000);
    await expect(done).resolves.toEqual({ kind: 'failed', reason: 'no audio' });
  });

  it('sends a heartbeat every 30 s', async () => {
    const { engine, socket } = setup();
    void engine.speak('心跳', { onStart: () => undefined });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(socket.emitted.some(([e]) => e === 'heartbeat')).toBe(true);
    engine.cancel();
  });
});
