import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNodeDetector } from '../../../../../test/human-node.ts';
import type { HumanDetector } from '../detector/human-detector.ts';
import { TurnedViews } from '../detector/turned-views.ts';
import { peopleIn } from './people-scan.ts';

/**
 * The people logic on the shared fixture photos (never copied into the repo: FIXTURES_DIR, by
 * default ../shared/fixtures beside it), through the same Human configuration as the page's
 * worker, at the frame size the channel asks for. Their ground truth names people in the street
 * photos and none in the text photos.
 */
const FIXTURES = path.resolve(
  import.meta.dirname,
  '../../../../../../..',
  process.env.FIXTURES_DIR ?? '../shared/fixtures',
);
const GROUND_TRUTH = path.join(FIXTURES, 'GROUND_TRUTH.json');
const missing = existsSync(GROUND_TRUTH) ? null : `fixtures not found at ${FIXTURES} (set FIXTURES_DIR)`;
const FRAME_SIDE = 512;
const signal = new AbortController().signal;
const CROWD = 'images/street-cyclists-crowd.jpg';

interface Item {
  file: string;
  kind: string;
  must_mention?: string[];
  may_mention?: string[];
}

/** The photo as the channel's frame: its longer side FRAME_SIDE, RGBA; `rotate`: as a phone on its side films it. */
async function frameOf(file: string, rotate = 0) {
  const { data, info } = await sharp(path.join(FIXTURES, file))
    .rotate(rotate)
    .resize({ width: FRAME_SIDE, height: FRAME_SIDE, fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

const items = missing ? [] : (JSON.parse(readFileSync(GROUND_TRUTH, 'utf8')) as { items: Item[] }).items;
const mentionsPeople = (item: Item) => (item.must_mention ?? []).some((m) => /person|pedestrian/i.test(m));
const withPeople = items.filter((i) => i.kind === 'scene' && i.file.includes('street') && mentionsPeople(i));
const textOnly = items.filter(
  (i) => i.kind === 'text' && !(i.may_mention ?? []).some((m) => /person|people/i.test(m)),
);

describe.skipIf(missing)(`people in the fixture photos${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let detector: HumanDetector;
  beforeAll(async () => {
    detector = await loadNodeDetector('people');
  }, 60_000);

  it.each(withPeople.map((i) => i.file))(
    '%s: people are counted and placed',
    async (file) => {
      const people = peopleIn(await detector.detect(await frameOf(file)));
      expect(people.length).toBeGreaterThan(0);
      for (const p of people) {
        expect([11, 12, 1]).toContain(p.clock);
        expect(p.metres).toBeGreaterThan(0.3);
        // nobody in a street photo is close enough for a smile to be said
        expect(p.smiling).toBe(false);
      }
    },
    30_000,
  );

  it.skipIf(!items.some((i) => i.file === CROWD))(
    `${CROWD}: several riders, the one looking at the camera faces it, the one looking past does not`,
    async () => {
      const people = peopleIn(await detector.detect(await frameOf(CROWD)));
      expect(people.length).toBeGreaterThanOrEqual(3);
      // two faces are clear: the rider in the middle looks nearly straight at the camera, the one
      // on the right past it (three-quarter view)
      const withFaces = people.filter((p) => p.facing).map((p) => [p.clock, p.facing]);
      expect(withFaces).toEqual([
        [12, 'toward'],
        [1, 'aside'],
      ]);
    },
    30_000,
  );

  /** What the channel sees of a frame: looked at every way up while nobody is found. */
  const peopleTheChannelSees = async (frame: Awaited<ReturnType<typeof frameOf>>) => {
    const look = await new TurnedViews(detector).look(frame, signal, (d) => peopleIn(d).length > 0);
    return peopleIn(look.detections);
  };

  it.skipIf(!items.some((i) => i.file === CROWD))(
    `${CROWD} filmed with the phone on its side, either way: the riders are found in the frame turned back`,
    async () => {
      for (const rotate of [90, 270]) {
        const frame = await frameOf(CROWD, rotate);
        // the detector alone, trained on upright photos, sees nobody lying on their side
        expect(peopleIn(await detector.detect(frame))).toHaveLength(0);
        expect((await peopleTheChannelSees(frame)).length).toBeGreaterThanOrEqual(3);
      }
    },
    60_000,
  );

  it('finds nobody in the photos of documents, signs and labels, any way up (at most one ghost in all of them)', async () => {
    let ghosts = 0;
    for (const item of textOnly) ghosts += (await peopleTheChannelSees(await frameOf(item.file))).length;
    expect(textOnly.length).toBeGreaterThan(5);
    expect(ghosts).toBeLessThanOrEqual(1);
  }, 120_000);
});
