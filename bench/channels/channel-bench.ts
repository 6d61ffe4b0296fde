import type { Page } from 'playwright-core';

/**
 * One channel's measurements (bench/channels.bench.ts runs every module of this folder that exports
 * `bench`). The page has the canvas camera, the speech recorder and the privacy notice accepted;
 * `measure` opens its mode itself (openMoreMode of e2e/support/canvas-camera.ts).
 */
export interface ChannelBench {
  name: string;
  measure(page: Page, baseUrl: string): Promise<Record<string, number | string>>;
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
};

/** performance.now() of the first utterance after `since` whose text matches, waiting up to `timeoutMs`. */
export async function spokenAfter(
  page: Page,
  since: number,
  match: RegExp,
  timeoutMs = 10_000,
): Promise<number> {
  const handle = await page.waitForFunction(
    ({ since, source, flags }) => {
      const re = new RegExp(source, flags);
      const hit = (globalThis as unknown as { __spoken: { text: string; at: number }[] }).__spoken.find(
        (s) => s.at >= since && re.test(s.text),
      );
      return hit ? hit.at : null;
    },
    { since, source: match.source, flags: match.flags },
    { timeout: timeoutMs, polling: 5 },
  );
  return (await handle.jsonValue()) as number;
}
