import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { requireTool } from './required-tool.ts';
import { expect } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const noChromium = `no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium)`;
/** False (suites skip) without Chromium; in CI its absence throws and fails the run. */
export const hasChromium = requireTool(existsSync(CHROMIUM_PATH), noChromium);
/** Shown in the name of a skipped browser suite. */
export const noChromiumReason = `skipped: ${noChromium}`;

/** The phone the product is walked on (CSS pixels, portrait). */
export const PHONE_VIEWPORT = { width: 390, height: 844 };

/** How every browser of the tests and benches runs: headless, quiet, nothing fetched on its own. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * A Chromium whose new contexts block the app's service worker unless told `serviceWorkers:
 * 'allow'` (the suites of the installable app, updates and offline use): its precache is 10 MB that
 * every context would fetch and store while the test runs, and it keeps the models that make the
 * live modes work offline (keep-live-modes-offline.ts) from being fetched at all.
 */
export async function launchBrowser(
  extraArgs: string[] = [],
  { serviceWorkers = 'block' }: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ serviceWorkers, ...options });
  return browser;
}

/**
 * A Chromium whose default context is the returned one, kept in `profileDir`: a tool that drives the
 * browser over its debugging port (Lighthouse) opens its tabs there and sees the storage set here.
 */
export async function launchPersistentBrowser(
  profileDir: string,
  extraArgs: string[] = [],
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * What keeps a page from being at rest, as the page sees it: an animation that ends and is still
 * running (a dialog or a toast sliding in), a spinner greying a table. An endless animation (a busy
 * icon) is no reason to wait. Page source text: no imports.
 */
function unrest(): string[] {
  const running = document
    .getAnimations()
    .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
    .map((a) => `animation ${a instanceof CSSAnimation ? a.animationName : a.id}`);
  return document.querySelector('.ant-spin-spinning') ? [...running, 'spinner'] : running;
}

async function axeAtRest(page: Page): Promise<AxeViolation[]> {
  await page
    .waitForFunction(`(${unrest.toString()})().length === 0`, undefined, { timeout: 20_000 })
    .catch(async (error: Error) => {
      const still = await page.evaluate(unrest);
      throw new Error(`the page never came to rest: ${still.join(', ')}`, { cause: error });
    });
  return axeViolations(page);
}

/**
 * axe on a page at rest (see unrest), expecting zero violations. A toast closes on its own timer, so
 * it can start fading out while axe runs and be seen half transparent: what axe finds is looked for
 * again, once the page is at rest again, and only what is still there fails the test.
 */
export async function expectNoAxeViolationsAtRest(page: Page): Promise<void> {
  let violations = await axeAtRest(page);
  if (violations.length > 0) violations = await axeAtRest(page);
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
}

/** Runs axe-core (WCAG 2.x A/AA + best practices) on the page as it is now; the context needs `bypassCSP`, since the app forbids inline scripts. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, o: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
    });
    return result.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}
