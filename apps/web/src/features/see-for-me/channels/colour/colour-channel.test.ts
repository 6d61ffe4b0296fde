import { describe, expect, it } from 'vitest';
import {
  hex,
  inRoom,
  liveFrame,
  paint,
  solid,
  stripes,
  underLight,
  WARM_LIGHT,
} from '../../../../../test/images/painted-frames.ts';
import { colourChannel } from './colour-channel.ts';

const WIDTH = 360;
const HEIGHT = 203;
const t = (key: string, params?: Record<string, string>) =>
  params ? `${key}(${Object.values(params).join('|')})` : key;
const garment = (colour: string) =>
  underLight(paint(WIDTH, HEIGHT, inRoom(WIDTH, HEIGHT, solid(hex(colour)))), WARM_LIGHT);
const signal = new AbortController().signal;

describe('the colour channel', () => {
  it('says the centre colour at once, then again only when a new one holds', async () => {
    const channel = colourChannel(t);
    const look = (colour: string, at: number) => channel.look(liveFrame(garment(colour), at), signal);
    expect(await look('#1f2a44', 0)).toEqual([
      { say: { key: 'channel-colour:names.navy' }, interrupt: true },
    ]);
    expect(await look('#1f2a44', 200)).toEqual([]);
    expect(await look('#c41e3a', 400)).toEqual([]);
    expect(await look('#c41e3a', 600)).toEqual([]);
    expect(await look('#c41e3a', 800)).toEqual([
      { say: { key: 'channel-colour:names.red' }, interrupt: true },
    ]);
  });

  it('looks at every frame (a held colour is confirmed by the same view again)', () => {
    expect(colourChannel(t).skipUnchanged).toBe(false);
  });

  it('on a tap, says the garment: its pattern and its main colours', async () => {
    const shirt = paint(
      WIDTH,
      HEIGHT,
      inRoom(WIDTH, HEIGHT, stripes(hex('#1f2a44'), hex('#f4f4f4'), 6), 0.7),
    );
    const cues = await colourChannel(t).tap!(liveFrame(shirt), signal);
    expect(cues).toEqual([
      {
        say: {
          key: 'channel-colour:garment.stripes',
          params: {
            stems: 'channel-colour:join.stems2(channel-colour:stems.blue|channel-colour:stems.white)',
            colours: 'channel-colour:join.list2(channel-colour:names.navy|channel-colour:names.white)',
          },
        },
        interrupt: true,
      },
    ]);
  });

  it('answers a question about the colour as a tap, and leaves other questions alone', async () => {
    const channel = colourChannel(t);
    const frame = liveFrame(garment('#722f37'));
    expect(await channel.ask!('这是什么颜色', frame, signal)).toEqual([
      {
        say: { key: 'channel-colour:garment.solid', params: { colour: 'channel-colour:names.wine' } },
        interrupt: true,
      },
    ]);
    expect(await channel.ask!('What colour is my shirt?', frame, signal)).not.toBeNull();
    expect(await channel.ask!('灯开着吗', frame, signal)).toBeNull();
  });
});
