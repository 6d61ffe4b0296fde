import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../i18n/index.ts';
import type { Detections, DetectedThing } from '../detector/detections.ts';
import type { Detector } from '../detector/detector-client.ts';
import type { Pixels } from '../frame-print.ts';
import type { ChannelChoice, ChannelCue, CueWords, LiveFrame, ToneCue } from '../live-channel.ts';
import { findChannel } from './find-channel.ts';

const t = (key: string, params?: Record<string, string>) => i18n.t(key, params);
const said = (cues: ChannelCue[]) =>
  cues.flatMap((c) =>
    c.say ? [t((c.say as { key: string }).key, (c.say as { params?: Record<string, string> }).params)] : [],
  );
const words = (w: CueWords | undefined) => (w && 'key' in w ? t(w.key, w.params) : '');
const signal = new AbortController().signal;
const pixels = { data: new Uint8ClampedArray(4), width: 1, height: 1 } as ImageData;
const frameAt = (grabbedAt: number): LiveFrame => ({ pixels, grabbedAt });
const thing = (label: string, x: number, height = 0.15): DetectedThing => ({
  label,
  score: 0.5,
  box: { x: x - 0.03, y: 0.5 - height / 2, width: 0.06, height },
});

/**
 * A detector that answers each frame with the next detections, taking `ms` of the channel's clock a
 * look; the frame turned (a look for a phone on its side) shows nothing.
 */
function fakeDetector(answers: Detections[], clock: { now: number }, ms = 200) {
  const detector: Detector & { disposed: boolean } = {
    disposed: false,
    detect: vi.fn((looked: Pixels) => {
      clock.now += ms;
      const empty = { things: [], faces: [], aspect: 16 / 9 };
      return Promise.resolve(looked === pixels ? (answers.shift() ?? empty) : empty);
    }),
    dispose() {
      detector.disposed = true;
    },
  };
  return detector;
}

function channelWith(answers: Detections[], ms = 200) {
  const clock = { now: 0 };
  const beeps: ToneCue[] = [];
  const detector = fakeDetector(answers, clock, ms);
  const channel = findChannel({ detector, beep: (tone) => beeps.push(tone), t, now: () => clock.now });
  return { channel, beeps, detector, clock };
}

const seen = (...things: DetectedThing[]): Detections => ({ things, faces: [], aspect: 16 / 9 });

describe('the 寻物 channel', () => {
  it('shows its picker at the first frame, then says where the cup is as it moves across the view', async () => {
    const { channel, beeps } = channelWith([
      seen(thing('cup', 0.1)),
      seen(thing('cup', 0.5)),
      seen(thing('cup', 0.9)),
    ]);
    const first = await channel.look(frameAt(0), signal);
    const picker = first.find((c) => c.controls)?.controls?.[0] as ChannelChoice;
    expect(picker.kind).toBe('choice');
    expect(words(picker.label)).toBe('要找的东西（钥匙和门认不出）');
    expect(picker.options.map((o) => words(o.label))).toEqual([
      '杯子',
      '瓶子',
      '手机',
      '椅子',
      '人',
      '书',
      '笔记本电脑',
      '背包',
    ]);
    expect(picker.value).toBe('cup');
    expect(words(first.find((c) => c.show)?.show)).toBe('正在找杯子');
    expect(said(first)).toEqual(['杯子在你的十一点钟方向，大约一米']);
    expect(said(await channel.look(frameAt(2_000), signal))).toEqual(['杯子在你的十二点钟方向，大约一米']);
    expect(said(await channel.look(frameAt(4_000), signal))).toEqual(['杯子在你的一点钟方向，大约一米']);
    expect(beeps.length).toBeGreaterThan(0);
    channel.dispose();
  });

  it('pulses as the thing comes to the centre', async () => {
    const { channel } = channelWith([seen(thing('cup', 0.2)), seen(thing('cup', 0.5))]);
    await channel.look(frameAt(0), signal);
    expect((await channel.look(frameAt(300), signal)).some((c) => c.vibrate)).toBe(true);
    channel.dispose();
  });

  it('looks for what is picked in the list', async () => {
    const { channel } = channelWith([
      seen(thing('cup', 0.5)),
      seen(thing('cup', 0.5), thing('chair', 0.9, 0.5)),
    ]);
    const picker = (await channel.look(frameAt(0), signal)).find((c) => c.controls)!
      .controls![0] as ChannelChoice;
    const chosen = await picker.choose('chair');
    expect(said(chosen)).toEqual(['开始找椅子']);
    expect((chosen[0]!.controls![0] as ChannelChoice).value).toBe('chair');
    expect(said(await channel.look(frameAt(500), signal))).toEqual(['椅子在你的一点钟方向，大约三米']);
    channel.dispose();
  });

  it('answers "找手机" by looking for the phone, and says honestly it cannot find keys or doors', async () => {
    const { channel } = channelWith([]);
    const phone = await channel.ask!('帮我找手机', frameAt(0), signal);
    expect(said(phone!)).toEqual(['开始找手机']);
    expect(said((await channel.ask!('找钥匙', frameAt(0), signal))!)).toEqual([
      '钥匙太小，还认不出，可以找杯子、瓶子、手机、椅子、人、书、笔记本电脑、背包',
    ]);
    expect(said((await channel.ask!('门在哪', frameAt(0), signal))!)[0]).toMatch(/^门还认不出/);
    expect(await channel.ask!('这是什么', frameAt(0), signal)).toBeNull();
    channel.dispose();
  });

  it('says on a tap where the thing is, or that it is not found yet', async () => {
    const { channel } = channelWith([seen(), seen(thing('cup', 0.9))]);
    expect(said(await channel.tap!(frameAt(0), signal))).toEqual(['还没找到杯子']);
    expect(said(await channel.tap!(frameAt(300), signal))).toEqual(['杯子在你的一点钟方向，大约一米']);
    channel.dispose();
  });

  it('says once that the device is too slow when its frames take over a second', async () => {
    const { channel } = channelWith([], 1_500);
    const notices: string[] = [];
    for (let i = 0; i < 8; i += 1) notices.push(...said(await channel.look(frameAt(i * 1_600), signal)));
    expect(notices.filter((n) => n.startsWith('这台设备识别较慢'))).toHaveLength(1);
    channel.dispose();
  });

  it('releases its detector when the mode ends', () => {
    const { channel, detector } = channelWith([]);
    channel.dispose();
    expect(detector.disposed).toBe(true);
  });
});
