import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, noChromiumReason } from './support/browser.ts';
import {
  callStatus as status,
  callVolunteers,
  received,
  relayOnlyContext,
  standBy,
} from './support/calls.ts';
import { hasFfmpeg, launchWithCamera, makeTextImage } from './support/camera.ts';
import { hasCoturn, noCoturnReason, startCoturn, type RunningTurn } from './support/coturn.ts';
import { startServer, type RunningServer } from './support/server.ts';

const skipReason = !hasChromium
  ? noChromiumReason
  : !hasFfmpeg
    ? 'skipped: ffmpeg is not installed'
    : !hasCoturn
      ? noCoturnReason
      : '';

describe.skipIf(skipReason !== '')(
  `a relay-only video call through coturn${skipReason ? ` (${skipReason})` : ''}`,
  () => {
    let turn: RunningTurn;
    let server: RunningServer;
    let browser: Browser;
    const contexts: BrowserContext[] = [];

    beforeAll(async () => {
      turn = await startCoturn();
      [server, browser] = await Promise.all([
        startServer({ ICE_SERVERS: turn.url, TURN_SECRET: turn.secret }),
        launchWithCamera(await makeTextImage(['中继', 'RELAY'], 'call-relay.png')),
      ]);
    });
    afterAll(async () => {
      for (const context of contexts) await context.close();
      await browser?.close();
      await server?.stop();
      await turn?.stop();
    });

    async function relayOnly(nickname: string, userType: 0 | 1): Promise<Page> {
      const context = await relayOnlyContext(browser, server.url, nickname, userType);
      contexts.push(context);
      return context.newPage();
    }

    it('connects with relay candidates only, using the per-call TURN credentials, and the video decodes', async () => {
      const volunteer = await relayOnly('中继志愿者', 1);
      const seeker = await relayOnly('中继求助者', 0);
      await standBy(volunteer);

      await callVolunteers(seeker);
      await volunteer.getByRole('button', { name: '接听', exact: true }).click();
      await status(seeker).filter({ hasText: '已接通志愿者' }).waitFor();

      await expect
        .poll(async () => (await received(volunteer)).frames, { timeout: 20_000 })
        .toBeGreaterThan(0);
      const { candidateTypes } = await received(volunteer);
      expect(candidateTypes.length).toBeGreaterThan(0);
      expect(new Set(candidateTypes)).toEqual(new Set(['relay']));
    });
  },
);
