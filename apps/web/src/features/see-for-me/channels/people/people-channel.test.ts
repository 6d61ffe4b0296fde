import { describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n/index.ts';
import type { DetectedFace, DetectedThing, Detections } from '../detector/detections.ts';
import type { Detector } from '../detector/detector-client.ts';
import type { ChannelCue, LiveFrame } from '../live-channel.ts';
import { peopleChannel } from './people-channel.ts';

const t = (key: string, params?: Record<string, string>) => i18n.t(key, params);
const said = (cues: ChannelCue[] | null) =>
  (cues ?? []).flatMap((c) => (c.say && 'key' in c.say ? [t(c.say.key, c.say.params)] : []));
const signal = new AbortController().signal;
const pixels = { data: new Uint8ClampedArray(4), width: 1, height: 1 } as ImageData;
const frameAt = (grabbedAt: number): LiveFrame => ({ pixels, grabbedAt });
const WIDE = 16 / 9;

function personAt(x: number, metres: number): DetectedThing {
  const height = (1.7 * (0.5 / Math.tan(Math.PI / 6)) * WIDE) / metres;
  return {
    label: 'person',
    score: 0.5,
    box: { x: x - height / 8, y: 0.5 - height / 2, width: height / 4, height },
  };
}
function faceOn(body: DetectedThing, turn: number, smile = 0): DetectedFace {
  const side = body.box.height / 8;
  const cx = body.box.x + body.box.width / 2;
  return {
    score: 0.9,
    turn,
    smile,
    box: { x: cx - side / 2, y: body.box.y + side / 4, width: side, height: side * WIDE },
  };
}
const scene = (things: DetectedThing[], faces: DetectedFace[] = []): Detections => ({
  things,
  faces,
  aspect: WIDE,
});

function channelWith(answers: Detections[]) {
  let disposed = false;
  const detector: Detector = {
    // the frame turned (a look for a phone on its side) shows nobody
    detect: (looked) => Promise.resolve(looked === pixels ? (answers.shift() ?? scene([])) : scene([])),
    dispose: () => {
      disposed = true;
    },
  };
  return { channel: peopleChannel({ detector, t, now: () => 0 }), disposed: () => disposed };
}

describe('the 周围的人 channel', () => {
  it('says how many people there are, where, how far and who faces the camera; then only changes', async () => {
    const a = personAt(0.15, 3);
    const b = personAt(0.85, 5);
    const near = personAt(0.5, 3);
    const { channel } = channelWith([
      scene([a, b], [faceOn(a, 0.02)]),
      scene([a, b], [faceOn(a, 0.02)]),
      scene([near], [faceOn(near, 0, 0.95)]),
      scene([near], [faceOn(near, 0, 0.95)]),
      scene([]),
      scene([]),
    ]);
    expect(said(await channel.look(frameAt(0), signal))).toEqual([
      '两个人：一个在十一点钟方向，大约三米，面向你；一个在一点钟方向，大约五米',
    ]);
    expect(said(await channel.look(frameAt(1_000), signal))).toEqual([]);
    expect(said(await channel.look(frameAt(4_000), signal))).toEqual([]);
    expect(said(await channel.look(frameAt(5_000), signal))).toEqual([
      '一个人，在十二点钟方向，大约三米，面向你，在微笑',
    ]);
    await channel.look(frameAt(8_000), signal);
    expect(said(await channel.look(frameAt(9_000), signal))).toEqual(['附近没有看到人']);
  });

  it('a phone held on its side: the people are found in the frame turned back, and placed in it', async () => {
    const a = personAt(0.85, 3);
    let upright = 0;
    const detector: Detector = {
      // only a turned look sees the person (the frame as it comes has them lying on their side)
      detect: (looked) => {
        if (looked === pixels) upright += 1;
        return Promise.resolve(looked === pixels ? scene([]) : scene([a]));
      },
      dispose: () => undefined,
    };
    const channel = peopleChannel({ detector, t, now: () => 0 });
    expect(said(await channel.look(frameAt(0), signal))).toEqual(['一个人，在一点钟方向，大约三米']);
    // from then on the turned way is looked at first: the upright frame is not looked at again
    await channel.look(frameAt(1_000), signal);
    expect(upright).toBe(1);
  });

  it('names a crowd by its count and its nearest people', async () => {
    const crowd = [0.1, 0.25, 0.4, 0.55, 0.7, 0.85, 0.95].map((x, i) => personAt(x, 3 + i));
    const { channel } = channelWith([scene(crowd)]);
    expect(said(await channel.look(frameAt(0), signal))).toEqual([
      '七个人，最近的：一个在十一点钟方向，大约三米；一个在十一点钟方向，大约四米',
    ]);
  });

  it('says everything again on a tap, and answers questions about people, never who they are', async () => {
    const a = personAt(0.5, 3);
    const { channel } = channelWith([scene([a]), scene([a]), scene([a]), scene([a])]);
    await channel.look(frameAt(0), signal);
    expect(said(await channel.tap!(frameAt(100), signal))).toEqual(['一个人，在十二点钟方向，大约三米']);
    expect(said(await channel.ask!('周围有几个人', frameAt(200), signal))).toEqual([
      '一个人，在十二点钟方向，大约三米',
    ]);
    expect(said(await channel.ask!('他是谁', frameAt(300), signal))).toEqual([
      '不会识别是谁。一个人，在十二点钟方向，大约三米',
    ]);
    expect(await channel.ask!('这是什么颜色', frameAt(400), signal)).toBeNull();
  });

  it('looks at a still view again (the second frame confirms a change), and releases its detector when the mode ends', () => {
    const { channel, disposed } = channelWith([]);
    expect(channel.skipUnchanged).toBe(false);
    channel.dispose();
    expect(disposed()).toBe(true);
  });
});
