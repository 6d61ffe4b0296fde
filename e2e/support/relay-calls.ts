import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { hasChromium, noChromiumReason } from './browser.ts';
import { relayOnlyContext } from './calls.ts';
import { hasFfmpeg, launchWithCamera, makeTextImage } from './camera.ts';
import { hasCoturn, noCoturnReason, startCoturn, type RunningTurn } from './coturn.ts';
import { startServer, type RunningServer } from './server.ts';

/** Why a relay-only call suite cannot run on this machine; '' when it can. */
export const relaySkipReason = !hasChromium
  ? noChromiumReason
  : !hasFfmpeg
    ? 'skipped: ffmpeg is not installed'
    : !hasCoturn
      ? noCoturnReason
      : '';

export interface RelayCallSuite {
  /** Stops the relay: every allocation goes, no packet reaches either side any more. */
  stopRelay(): Promise<void>;
  /** A new relay process on the same port and secret (nothing of the old allocations). */
  restartRelay(): Promise<void>;
  /** A signed-in phone that may only use the relay, on its own page. */
  relayOnly(nickname: string, userType: 0 | 1): Promise<Page>;
}

/**
 * What every relay-only call suite needs, made with the suite and gone with it: a coturn the test
 * owns, the product using it (per-call TURN credentials from its secret), and one browser whose
 * fake camera shows `cameraText`.
 */
export function relayCallSuite(cameraText: string[], cameraFile: string): RelayCallSuite {
  let turn: RunningTurn;
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    turn = await startCoturn();
    [server, browser] = await Promise.all([
      startServer({ ICE_SERVERS: turn.url, TURN_SECRET: turn.secret }),
      launchWithCamera(await makeTextImage(cameraText, cameraFile)),
    ]);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
    await turn?.stop();
  });
  return {
    stopRelay: () => turn.stop(),
    async restartRelay() {
      turn = await startCoturn({ port: turn.port, secret: turn.secret });
    },
    async relayOnly(nickname, userType) {
      const context = await relayOnlyContext(browser, server, nickname, userType);
      contexts.push(context);
      return context.newPage();
    },
  };
}
