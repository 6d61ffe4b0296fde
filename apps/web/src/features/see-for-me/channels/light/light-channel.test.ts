import { describe, expect, it } from 'vitest';
import {
  liveFrame,
  NEUTRAL_LIGHT,
  paint,
  solid,
  underLight,
} from '../../../../../test/images/painted-frames.ts';
import type { ChannelCue } from '../live-channel.ts';
import { lightChannel } from './light-channel.ts';

const t = (key: string, params?: Record<string, string>) =>
  params ? `${key}(${Object.values(params).join('|')})` : key;
const room = (exposure: number) =>
  liveFrame(underLight(paint(64, 36, solid([200, 200, 200])), NEUTRAL_LIGHT, { exposure }));
const signal = new AbortController().signal;
const humOf = (cues: ChannelCue[]) => cues.find((c) => c.hum)?.hum?.frequencyHz ?? NaN;

describe('the light channel', () => {
  it('hums on every frame, higher as the room gets brighter', async () => {
    const channel = lightChannel(t);
    expect(channel.skipUnchanged).toBe(false);
    const pitches = [];
    for (const exposure of [0.01, 0.05, 0.2, 1])
      pitches.push(humOf(await channel.look(room(exposure), signal)));
    expect(pitches).toEqual(pitches.toSorted((a, b) => a - b));
    expect(pitches[0]).toBeLessThan(400);
    expect(pitches[3]).toBeGreaterThan(1000);
  });

  it('shows the level when it changes, quietly (never said on its own)', async () => {
    const channel = lightChannel(t);
    const first = await channel.look(room(0.01), signal);
    expect(first).toContainEqual({
      show: { key: 'channel-light:level', params: { level: 'channel-light:levels.veryDark' } },
    });
    expect((await channel.look(room(0.01), signal)).some((c) => c.show)).toBe(false);
    expect((await channel.look(room(1), signal)).some((c) => c.show)).toBe(true);
    for (const cue of [...first, ...(await channel.look(room(1), signal))]) expect(cue.say).toBeUndefined();
  });

  it('says the level on a tap', async () => {
    expect(await lightChannel(t).tap!(room(1), signal)).toEqual([
      {
        say: { key: 'channel-light:level', params: { level: 'channel-light:levels.bright' } },
        interrupt: true,
      },
    ]);
  });

  it('answers "灯开着吗" yes, no, or unsure with the level; other questions are not its own', async () => {
    const channel = lightChannel(t);
    const answer = async (exposure: number) =>
      (await channel.ask!('灯开着吗', room(exposure), signal))?.[0]?.say;
    expect(await answer(1)).toEqual({
      key: 'channel-light:answers.on',
      params: { level: 'channel-light:levels.bright' },
    });
    expect(await answer(0.005)).toEqual({
      key: 'channel-light:answers.off',
      params: { level: 'channel-light:levels.veryDark' },
    });
    expect(await answer(0.1)).toMatchObject({ key: 'channel-light:answers.unsure' });
    expect(await channel.ask!('这是什么颜色', room(1), signal)).toBeNull();
  });
});
