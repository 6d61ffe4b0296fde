import { describe, expect, it } from 'vitest';
import type { ChannelAction, ChannelCue, LiveFrame } from '../live-channel.ts';
import { DocumentChannel, type DocumentChannelDeps } from './document-channel.ts';
import type { PageReader, ReadLine } from './ocr-ports.ts';
import type { Block } from './page-layout.ts';
import { renderPage, type PageScene } from './rendered-page.ts';

const FRAME_MS = 400;
const framed: PageScene = { width: 480, height: 270, centreX: 0.5, centreY: 0.5, pageWidth: 0.3 };
const cutLeft: PageScene = { ...framed, centreX: 0.1 };
const table: PageScene = { ...framed, pageWidth: 0 };

const PAGE: ReadLine[] = [
  { text: '停水通知', box: { x: 180, y: 20, width: 100, height: 24 }, score: 0.9 },
  { text: '明天上午九点起', box: { x: 175, y: 60, width: 130, height: 12 }, score: 0.9 },
  { text: '停水八小时。', box: { x: 175, y: 78, width: 110, height: 12 }, score: 0.9 },
];

/** A reader that answers when the test says so. */
function heldReader(lines: ReadLine[] = PAGE) {
  let release: () => void = () => undefined;
  /** The size of each picture read. */
  const reads: [number, number][] = [];
  const reader: PageReader = {
    readLines: (pixels) => {
      reads.push([pixels.width, pixels.height]);
      return new Promise((resolve) => {
        release = () => resolve(lines);
      });
    },
  };
  return { reader, reads, release: () => release() };
}

function setup(reader: PageReader) {
  let clock = 0;
  const saved: Block[][] = [];
  const deps: DocumentChannelDeps = {
    detector: { detectLines: (pixels) => Promise.resolve(rendered.get(pixels) ?? []) },
    reader,
    documents: {
      save: (blocks) => {
        saved.push([...blocks]);
        return Promise.resolve({ id: saved.length, savedAt: 0, blocks: [...blocks] });
      },
    },
    t: (key, params) => (params?.text ? `${key}:${params.text}` : key),
    now: () => clock,
  };
  const channel = new DocumentChannel(deps);
  const signal = new AbortController().signal;
  const frameOf = (scene: PageScene): LiveFrame => {
    const page = renderPage(scene);
    rendered.set(page.pixels, page.lines);
    return { pixels: page.pixels as ImageData, grabbedAt: clock };
  };
  /** One frame of `scene`, then the clock moves on a frame. */
  const look = async (scene: PageScene) => {
    const cues = await channel.look(frameOf(scene), signal);
    clock += FRAME_MS;
    return cues;
  };
  return { channel, look, frameOf, saved, signal, advance: (ms: number) => (clock += ms) };
}
const rendered = new Map<unknown, ReadLine['box'][]>();

const said = (cues: ChannelCue[]) =>
  cues.flatMap((c) => (c.say ? ['key' in c.say ? c.say.key : c.say.text] : []));

describe('the document channel', () => {
  it('guides a cut-off page into frame, then captures it once still and reads it with its heading', async () => {
    const { reader, release, reads } = heldReader();
    const { look } = setup(reader);
    expect(said(await look(cutLeft))).toEqual([]);
    expect(said(await look(cutLeft))).toEqual(['channel-document:hints.moveLeft']);
    expect(said(await look(cutLeft))).toEqual([]);
    // framed: the first frame has nothing to compare with, the second is still
    expect(said(await look(framed))).toEqual([]);
    const shutter = await look(framed);
    expect(shutter).toEqual([expect.objectContaining({ tone: expect.anything(), vibrate: [40] })]);
    // the page's part of the frame is read (the page is 30 % of the frame's width, with margins)
    expect(reads[0]![0]).toBeGreaterThan(0.3 * 480);
    expect(reads[0]![0]).toBeLessThan(0.45 * 480);
    const reading = look(framed);
    release();
    const page = await reading;
    expect(said(page)).toEqual([
      'channel-document:heading:停水通知\n明天上午九点起停水八小时。\nchannel-document:endHint',
    ]);
    expect(page[0]!.interrupt).toBe(true);
  });

  it('says "no document" once while nothing is in view', async () => {
    const { look } = setup(heldReader().reader);
    const all: string[] = [];
    for (let i = 0; i < 10; i += 1) all.push(...said(await look(table)));
    expect(all).toEqual(['channel-document:hints.noDocument']);
  });

  it('tells a framed page that moves to hold steady, and captures it once it stops', async () => {
    const { reader, reads } = heldReader();
    const { look } = setup(reader);
    const spoken: string[] = [];
    for (const centreX of [0.4, 0.47, 0.54, 0.61]) spoken.push(...said(await look({ ...framed, centreX })));
    expect(spoken).toEqual(['channel-document:hints.steady']);
    expect(reads).toHaveLength(0);
    await look({ ...framed, centreX: 0.61 });
    expect(reads).toHaveLength(1);
  });

  it('captures at once on a tap, framed or not', async () => {
    const { reader, reads } = heldReader();
    const { channel, frameOf } = setup(reader);
    const cues = await channel.tap(frameOf(cutLeft));
    expect(cues[0]!.tone).toBeDefined();
    expect(reads).toEqual([[480, 270]]);
  });

  it('stays quiet while the page is said, and does not read the same page again until it left the frame', async () => {
    const { reader, reads, release } = heldReader();
    const { look, advance } = setup(reader);
    await look(framed);
    await look(framed);
    const reading = look(framed);
    release();
    await reading;
    // the phone is put down while the page is said: no hint cuts it off
    for (let i = 0; i < 5; i += 1) expect(said(await look(table))).toEqual([]);
    advance(60_000);
    // held over the same page again, then a new page: read once more only after it left the frame
    await look(framed);
    await look(framed);
    expect(reads).toHaveLength(2);
  });

  it('does not capture the same page again while it stays in frame', async () => {
    const { reader, reads, release } = heldReader();
    const { look, advance } = setup(reader);
    await look(framed);
    await look(framed);
    const reading = look(framed);
    release();
    await reading;
    advance(60_000);
    for (let i = 0; i < 5; i += 1) {
      // nor shows its framing score: the status keeps what was said of it ("文档已保存")
      expect(await look(framed)).toEqual([]);
    }
    expect(reads).toHaveLength(1);
  });

  it('offers to save the page read; saving says so once the page has been said', async () => {
    const { reader, release } = heldReader();
    const { look, saved, advance } = setup(reader);
    await look(framed);
    await look(framed);
    const reading = look(framed);
    release();
    const [cue] = await reading;
    const save = cue!.controls![0] as ChannelAction;
    expect(save.label).toEqual({ key: 'channel-document:save' });

    // pressed while the page is still being said: a chirp, the words shown, the reading not cut off
    const early = await save.run();
    expect(early).toEqual([expect.objectContaining({ tone: expect.anything(), controls: [] })]);
    expect(said(early)).toEqual([]);

    advance(60_000);
    expect(said(await save.run())).toEqual(['channel-document:saved']);
    expect(saved[0]).toEqual([
      { kind: 'heading', text: '停水通知' },
      { kind: 'paragraph', text: '明天上午九点起停水八小时。' },
    ]);
  });

  it('says when nothing could be read', async () => {
    const { reader, release } = heldReader([]);
    const { channel, frameOf, signal } = setup(reader);
    await channel.tap(frameOf(framed));
    const reading = channel.look(frameOf(framed), signal);
    release();
    expect(said(await reading)).toEqual(['channel-document:nothingRead']);
  });

  it('leaves a reading for the next frame when the frame waiting for it is aborted', async () => {
    const { reader, release } = heldReader();
    const { channel, frameOf } = setup(reader);
    await channel.tap(frameOf(framed));
    const aborted = new AbortController();
    const first = channel.look(frameOf(framed), aborted.signal);
    aborted.abort();
    expect(await first).toEqual([]);
    const next = channel.look(frameOf(framed), new AbortController().signal);
    release();
    expect(said(await next)).toHaveLength(1);
  });
});
