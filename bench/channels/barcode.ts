/**
 * 条码 (barcodes and QR codes): frame → tone and frame → spoken value in Chromium, and the share of
 * rendered codes read.
 *
 * A frame's moment is when the live run drew the camera's picture to read it
 * (e2e/support/channel-probes.ts); a tone's is when its oscillator started
 * (e2e/support/tone-probes.ts); a word's is when speech began. Each code shown is a new one, after
 * an empty view, so it is read once and at once. A product code's value is said once the product
 * list answered (here: nobody knows it, so the number). "shown →" adds the wait for the next frame
 * (a frame every 250 ms). The decoded share is measured twice: on the channel's own decoding in
 * Node (zxing-wasm, the same code the worker runs) over a larger rendered set, and through the real
 * camera path in the browser (canvas stream → video → the grab's scaling → the worker).
 */
import type { Page } from 'playwright-core';
import {
  ean13,
  ean13Png,
  placeCode,
  qrPng,
  type Placement,
} from '../../apps/web/test/images/rendered-codes.ts';
import { readBarcodes } from '../../apps/web/test/zxing-node.ts';
import { decodeFrame } from '../../apps/web/src/features/see-for-me/channels/barcode/decode-codes.ts';
import { READ_TONE } from '../../apps/web/src/features/see-for-me/channels/barcode/code-tracker.ts';
import { installToneProbe, toneAfter } from '../../e2e/support/tone-probes.ts';
import { openMoreMode, showOnCamera } from '../../e2e/support/canvas-camera.ts';
import { frameGrabs, installChannelProbes } from '../../e2e/support/channel-probes.ts';
import { median, spokenAfter, type ChannelBench } from './channel-bench.ts';

const CAMERA = { width: 1280, height: 720 };
const LATENCY_ROUNDS = 8;
const ANGLES = [0, 10, 20, 30, -30];
const BLURS = [0, 0.8, 1.5];
const pct = (share: number) => `${(share * 100).toFixed(1)} %`;
const ms = (xs: number[]) => `median ${median(xs).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms`;
const pageNow = (page: Page) => page.evaluate(() => performance.now());
/** The last frame grabbed before `at`. */
const frameBefore = async (page: Page, at: number) =>
  (await frameGrabs(page)).filter((g) => g <= at).at(-1) ?? at;

/** A distinct code of each kind for round `i`: an EAN-13 and a QR code holding a link. */
const eanOf = (i: number) => ean13(`69${String(1_000_000_000 + i * 7919).slice(-10)}`);
const qrOf = (i: number) => `https://example.org/item/${i}-${(i * 2654435761) % 100_000}`;

interface Sample {
  kind: 'EAN-13' | 'QR';
  png: () => Promise<Buffer>;
  /** What is said when it is read: its digits, or its link's host. */
  said: RegExp;
  placement: Placement;
}

/** The rendered set: every kind at every angle and blur, two sizes. */
function renderedSet(offset: number): Sample[] {
  const set: Sample[] = [];
  let i = offset;
  for (const angle of ANGLES) {
    for (const blur of BLURS) {
      for (const size of [0.35, 0.5]) {
        const code = eanOf((i += 1));
        set.push({
          kind: 'EAN-13',
          png: () => ean13Png(code),
          said: new RegExp(code.split('').join(' ')),
          placement: { ...CAMERA, angle, blur, share: size },
        });
        const link = qrOf((i += 1));
        set.push({
          kind: 'QR',
          png: () => qrPng(link),
          said: new RegExp(`^链接 example\\.org，路径 item ${link.split('/').at(-1)}$`),
          placement: { ...CAMERA, angle, blur, share: size * 0.6 },
        });
      }
    }
  }
  return set;
}

/** The channel's own decoding in Node over the rendered set: the share read right, per kind. */
async function decodedInNode(set: Sample[]): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const kind of ['EAN-13', 'QR'] as const) {
    const ofKind = set.filter((s) => s.kind === kind);
    let read = 0;
    for (const sample of ofKind) {
      const frame = await placeCode(await sample.png(), sample.placement);
      const texts = (await decodeFrame(frame, readBarcodes)).codes.filter((c) => c.valid).map((c) => c.text);
      if (texts.length === 1) read += 1;
    }
    result[`decoded, channel's code in Node, ${kind} at 0–30° and blur ≤ 1.5 (${ofKind.length})`] = pct(
      read / ofKind.length,
    );
  }
  return result;
}

async function emptyView(page: Page): Promise<void> {
  await showOnCamera(page, (await placeCode(null, CAMERA)).png);
  // two frames with nothing: the next code is a new approach
  await page.waitForTimeout(600);
}

export const bench: ChannelBench = {
  name: '条码 (barcode)',
  async measure(page) {
    await installChannelProbes(page.context());
    await installToneProbe(page.context());
    await page.goto('/see-for-me');
    await openMoreMode(page, '条码');

    const latency: Record<
      'EAN-13' | 'QR',
      { tone: number[]; said: number[]; shownTone: number[]; shownSaid: number[] }
    > = {
      'EAN-13': { tone: [], said: [], shownTone: [], shownSaid: [] },
      QR: { tone: [], said: [], shownTone: [], shownSaid: [] },
    };
    for (let round = 0; round < LATENCY_ROUNDS; round++) {
      for (const sample of renderedSet(10_000 + round * 100).slice(0, 2)) {
        await emptyView(page);
        const picture = (await placeCode(await sample.png(), { ...sample.placement, angle: 10, blur: 0.5 }))
          .png;
        const shown = await pageNow(page);
        await showOnCamera(page, picture);
        const tone = await toneAfter(page, shown, { minHz: READ_TONE.frequencyHz });
        const said = await spokenAfter(page, shown, sample.said);
        const frame = await frameBefore(page, tone);
        const l = latency[sample.kind];
        l.tone.push(tone - frame);
        l.said.push(said - frame);
        l.shownTone.push(tone - shown);
        l.shownSaid.push(said - shown);
      }
    }

    const set = renderedSet(0);
    const browserRead = { 'EAN-13': 0, QR: 0 };
    for (const sample of set) {
      await emptyView(page);
      const shown = await pageNow(page);
      await showOnCamera(page, (await placeCode(await sample.png(), sample.placement)).png);
      const heard = await spokenAfter(page, shown, sample.said, 3_000).then(
        () => true,
        () => false,
      );
      if (heard) browserRead[sample.kind] += 1;
    }
    const perKind = set.length / 2;

    const numbers: Record<string, number | string> = {};
    for (const kind of ['EAN-13', 'QR'] as const) {
      const l = latency[kind];
      numbers[`${kind}: frame → tone (target ≤ 200 ms)`] = ms(l.tone);
      numbers[`${kind}: frame → spoken value (target ≤ 500 ms)`] = ms(l.said);
      numbers[`${kind}: shown → tone`] = ms(l.shownTone);
      numbers[`${kind}: shown → spoken value`] = ms(l.shownSaid);
    }
    for (const kind of ['EAN-13', 'QR'] as const) {
      numbers[`decoded, camera path in Chromium, ${kind} at 0–30° and blur ≤ 1.5 (${perKind})`] = pct(
        browserRead[kind] / perKind,
      );
    }
    return { ...numbers, ...(await decodedInNode(renderedSet(50_000))) };
  },
};
