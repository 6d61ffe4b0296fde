import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDeps, flush } from '../../../../test/fakes/scene.ts';
import type { ChannelCue, LiveChannel, LiveFrame } from '../channels/live-channel.ts';
import { liveChannel, SCENE_MODES } from '../scene-modes.ts';
import { SceneController } from './scene-controller.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A channel the test steers: each look answers with the next cues, or waits for `release`. */
function testChannel(over: Partial<LiveChannel> = {}) {
  const looks: LiveFrame[] = [];
  let hold: Promise<void> | null = null;
  let release = () => undefined as void;
  const channel: LiveChannel = {
    frameSide: 64,
    skipUnchanged: false,
    look: vi.fn(async (frame: LiveFrame, _signal: AbortSignal): Promise<ChannelCue[]> => {
      looks.push(frame);
      if (hold) await hold;
      return [{ say: { text: `第${looks.length}帧` } }];
    }),
    dispose: vi.fn(),
    ...over,
  };
  return {
    channel,
    looks,
    holdNext() {
      hold = new Promise((resolve) => (release = () => resolve()));
    },
    release: () => {
      hold = null;
      release();
    },
  };
}

function sceneWith(channel: LiveChannel, over: Parameters<typeof fakeDeps>[0] = {}) {
  const entry = liveChannel('light', { intervalMs: 200, live: () => Promise.resolve(channel) });
  const f = fakeDeps({ registry: [...SCENE_MODES.filter((m) => m.id !== 'light'), entry], ...over });
  // an on-demand mode first: nothing is captured before the live mode opens
  const scene = new SceneController(f.deps, 'reading');
  return { f, scene };
}

describe('scene controller: a live channel', () => {
  it('looks at a frame at once and then every interval; says its cues; never uploads', async () => {
    const c = testChannel();
    const { f, scene } = sceneWith(c.channel);
    scene.setCameraReady(true);
    scene.setMode('light');
    await vi.advanceTimersByTimeAsync(0);
    expect(c.looks).toHaveLength(1);
    expect(f.grabPixels).toHaveBeenCalledWith(64, expect.any(AbortSignal));
    await vi.advanceTimersByTimeAsync(400);
    expect(c.looks).toHaveLength(3);
    expect(f.speech.spoken).toEqual(['第1帧', '第2帧', '第3帧']);
    expect(scene.getState().lastResult?.text).toBe('第3帧');
    expect(f.capture).not.toHaveBeenCalled();
    expect(f.analyze).not.toHaveBeenCalled();
    scene.dispose();
  });

  it('drops the ticks that find the channel busy instead of queueing them', async () => {
    const c = testChannel();
    const { scene } = sceneWith(c.channel);
    scene.setCameraReady(true);
    c.holdNext();
    scene.setMode('light');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(c.looks).toHaveLength(1);
    c.release();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(200);
    expect(c.looks).toHaveLength(2);
    scene.dispose();
  });

  it('skips a frame that shows what the last one showed, when the channel asks', async () => {
    const c = testChannel({ skipUnchanged: true });
    const { scene } = sceneWith(c.channel);
    scene.setCameraReady(true);
    scene.setMode('light');
    await vi.advanceTimersByTimeAsync(1_000);
    // the fake camera gives the same black frame every time
    expect(c.looks).toHaveLength(1);
    scene.dispose();
  });

  it('a mode change aborts the frame in hand, drops its cues, silences the hum and releases the channel', async () => {
    const c = testChannel();
    const { f, scene } = sceneWith(c.channel);
    scene.setCameraReady(true);
    c.holdNext();
    scene.setMode('light');
    await vi.advanceTimersByTimeAsync(0);
    scene.setMode('observe');
    c.release();
    await flush();
    expect(f.speech.spoken).toEqual([]);
    expect(c.channel.dispose).toHaveBeenCalled();
    expect(f.tones.hum).toHaveBeenLastCalledWith(null);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(c.looks).toHaveLength(1);
  });

  it('going to the background stops it; coming back starts it again', async () => {
    const c = testChannel();
    const { scene } = sceneWith(c.channel);
    scene.setCameraReady(true);
    scene.setMode('light');
    await vi.advanceTimersByTimeAsync(0);
    scene.setVisible(false);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(c.looks).toHaveLength(1);
    scene.setVisible(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(c.looks).toHaveLength(2);
    scene.dispose();
  });

  it('turns tones, the hum and vibration cues into sound and touch', async () => {
    const c = testChannel({
      look: () =>
        Promise.resolve([
          { tone: { frequencyHz: 880, durationMs: 60 }, hum: { frequencyHz: 400 }, vibrate: [30] },
        ]),
    });
    const { f, scene } = sceneWith(c.channel);
    scene.setCameraReady(true);
    scene.setMode('light');
    await vi.advanceTimersByTimeAsync(0);
    expect(f.tones.beep).toHaveBeenCalledWith({ frequencyHz: 880, durationMs: 60 });
    expect(f.tones.hum).toHaveBeenCalledWith({ frequencyHz: 400 });
    expect(f.vibrate).toHaveBeenCalledWith([30]);
    scene.dispose();
  });

  it('a tap goes to the channel; a channel without a tap of its own stops the speech', async () => {
    const tap = vi.fn(() => Promise.resolve<ChannelCue[]>([{ say: { key: 'level', params: { n: '1' } } }]));
    const withTap = testChannel({ tap });
    const one = sceneWith(withTap.channel);
    one.scene.setCameraReady(true);
    one.scene.setMode('light');
    await vi.advanceTimersByTimeAsync(0);
    one.scene.tap();
    await flush();
    expect(tap).toHaveBeenCalled();
    expect(one.f.speech.spoken.at(-1)).toBe('level');
    one.scene.dispose();

    const plain = testChannel();
    const two = sceneWith(plain.channel);
    two.scene.setCameraReady(true);
    two.scene.setMode('light');
    await vi.advanceTimersByTimeAsync(0);
    two.f.speech.cancel.mockClear();
    two.scene.tap({ confirm: true });
    await flush();
    expect(two.f.speech.cancel).toHaveBeenCalled();
    expect(two.f.speech.spoken.at(-1)).toBe('seeForMe.speech.stopped');
    two.scene.dispose();
  });

  it('a typed question goes to the channel first, and to the engine when the channel has no answer', async () => {
    const ask = vi.fn((q: string) =>
      Promise.resolve<ChannelCue[] | null>(q === '灯开着吗' ? [{ say: { text: '灯开着' } }] : null),
    );
    const c = testChannel({ ask });
    const { f, scene } = sceneWith(c.channel);
    scene.setCameraReady(true);
    scene.setMode('light');
    await vi.advanceTimersByTimeAsync(0);
    scene.ask('灯开着吗');
    await flush();
    expect(f.speech.spoken.at(-1)).toBe('灯开着');
    expect(f.analyze).not.toHaveBeenCalled();
    scene.ask('这是什么');
    await vi.advanceTimersByTimeAsync(0);
    expect(f.analyze).toHaveBeenCalledWith(
      expect.objectContaining({ prompt: '这是什么', scenario: 'observe' }),
      expect.any(AbortSignal),
    );
    scene.dispose();
  });

  it('says once that the channel cannot start when it fails to load, retries quietly, and starts when it can', async () => {
    const c = testChannel({ look: () => Promise.resolve([{ say: { text: '很亮' } }]) });
    let online = false;
    const live = vi.fn(() => (online ? Promise.resolve(c.channel) : Promise.reject(new Error('offline'))));
    const entry = liveChannel('light', { intervalMs: 200, live });
    const f = fakeDeps({
      registry: [...SCENE_MODES.filter((m) => m.id !== 'light'), entry],
      // the retry waits on the clock: the fake timers' one
      now: () => Date.now(),
    });
    const scene = new SceneController(f.deps, 'light');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    scene.setCameraReady(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(f.speech.spoken).toEqual(['seeForMe.live.unavailable']);
    expect(live).toHaveBeenCalledTimes(1);
    // still offline: tried again every 5 s, never said again
    await vi.advanceTimersByTimeAsync(15_000);
    expect(live.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(f.speech.spoken).toEqual(['seeForMe.live.unavailable']);
    // the network is back: the mode starts by itself
    online = true;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(f.speech.spoken.at(-1)).toBe('很亮');
    // coming back to the mode while offline again says it again, once
    online = false;
    scene.setMode('colour');
    await vi.advanceTimersByTimeAsync(0);
    scene.setMode('light');
    await vi.advanceTimersByTimeAsync(12_000);
    expect(f.speech.spoken.filter((s) => s === 'seeForMe.live.unavailable')).toHaveLength(2);
    warn.mockRestore();
    scene.dispose();
  });

  it('shows the controls a cue offers, runs the one pressed, and clears them when the mode changes', async () => {
    const run = vi.fn(() => Promise.resolve<ChannelCue[]>([{ say: { text: '已保存' } }]));
    const choose = vi.fn((value: string) => Promise.resolve<ChannelCue[]>([{ say: { text: `找${value}` } }]));
    const c = testChannel({
      look: () =>
        Promise.resolve([
          {
            controls: [
              { kind: 'action' as const, id: 'save', label: { key: 'save' }, run },
              {
                kind: 'choice' as const,
                id: 'target',
                label: { key: 'target' },
                options: [{ value: 'cup', label: { text: '杯子' } }],
                value: 'cup',
                choose,
              },
            ],
          },
        ]),
    });
    const { f, scene } = sceneWith(c.channel);
    scene.setCameraReady(true);
    scene.setMode('light');
    await vi.advanceTimersByTimeAsync(0);
    expect(scene.getState().liveControls.map((x) => x.id)).toEqual(['save', 'target']);
    scene.liveControl('save');
    await flush();
    expect(run).toHaveBeenCalled();
    expect(f.speech.spoken.at(-1)).toBe('已保存');
    scene.liveControl('target', 'cup');
    await flush();
    expect(choose).toHaveBeenCalledWith('cup');
    scene.setMode('observe');
    expect(scene.getState().liveControls).toEqual([]);
  });

  it('a tap does not wait behind a frame in hand: the frame is dropped and the tap runs', async () => {
    const tap = vi.fn(() => Promise.resolve<ChannelCue[]>([{ say: { text: '光线适中' } }]));
    const c = testChannel({ tap });
    const { f, scene } = sceneWith(c.channel);
    scene.setCameraReady(true);
    c.holdNext();
    scene.setMode('light');
    await vi.advanceTimersByTimeAsync(0);
    scene.tap();
    await flush();
    expect(tap).toHaveBeenCalled();
    c.release();
    await flush();
    expect(f.speech.spoken).toEqual(['光线适中']);
    scene.dispose();
  });
});
