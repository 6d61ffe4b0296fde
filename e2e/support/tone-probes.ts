import type { BrowserContext, Page } from 'playwright-core';

/**
 * The short tones the page plays (a live channel's beeps), seen from outside the app: every
 * oscillator's pitch when it starts, with the page's clock. Installed in an init script, before the
 * app loads (the 条码 mode's approach and read tones, 文档's shutter; the hum is channel-probes.ts's).
 */
export async function installToneProbe(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __tones: { hz: number; at: number }[] };
    w.__tones = [];
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, when?: number) {
      w.__tones.push({ hz: this.frequency.value, at: performance.now() });
      start.call(this, when);
    };
  });
}

/**
 * performance.now() of the first tone after `since`: any, one at or above `minHz`, or one of exactly
 * `hz` (a mode's shutter); waiting up to `timeoutMs`.
 */
export async function toneAfter(
  page: Page,
  since: number,
  { minHz = 0, hz, timeoutMs = 10_000 }: { minHz?: number; hz?: number; timeoutMs?: number } = {},
): Promise<number> {
  const handle = await page.waitForFunction(
    ({ since, minHz, hz }) =>
      (window as unknown as { __tones: { hz: number; at: number }[] }).__tones.find(
        (t) => t.at >= since && t.hz >= minHz && (hz === null || t.hz === hz),
      )?.at ?? null,
    { since, minHz, hz: hz ?? null },
    { timeout: timeoutMs, polling: 5 },
  );
  return (await handle.jsonValue()) as number;
}
