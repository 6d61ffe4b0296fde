import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, noChromiumReason } from './support/browser.ts';
import {
  callStatus as status,
  callVolunteers,
  iceUfrag,
  received,
  relayOnlyContext,
  spoken,
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

const RECONNECTING = '网络不稳定，正在重新连接…';

/**
 * A network change in the middle of a call, made real: both browsers may only use the TURN relay,
 * and the relay dies under them (its allocations with it) and comes back as a new process. Only an
 * ICE restart can bring the media back; the seeker's page must say so while it happens.
 */
describe.skipIf(skipReason !== '')(
  `a video call surviving a network change (ICE restart)${skipReason ? ` (${skipReason})` : ''}`,
  () => {
    let turn: RunningTurn;
    let server: RunningServer;
    let browser: Browser;
    const contexts: BrowserContext[] = [];

    beforeAll(async () => {
      turn = await startCoturn();
      [server, browser] = await Promise.all([
        startServer({ ICE_SERVERS: turn.url, TURN_SECRET: turn.secret }),
        launchWithCamera(await makeTextImage(['换网络', 'NETWORK'], 'call-reconnect.png')),
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

    it('shows and says "reconnecting" when the media path breaks, restarts ICE and decodes video again; a closed tab ends the call at once', async () => {
      const volunteer = await relayOnly('稳定的志愿者', 1);
      const seeker = await relayOnly('换网络的求助者', 0);
      await standBy(volunteer);
      await callVolunteers(seeker);
      await volunteer.getByRole('button', { name: '接听', exact: true }).click();
      await status(seeker).filter({ hasText: '已接通志愿者' }).waitFor();
      await expect
        .poll(async () => (await received(volunteer)).frames, { timeout: 20_000 })
        .toBeGreaterThan(0);
      const ufragBefore = await iceUfrag(seeker);

      // the relay goes away with every allocation: no packet reaches either side any more
      const { port, secret } = turn;
      await turn.stop();
      const brokenAt = Date.now();
      await status(seeker).filter({ hasText: RECONNECTING }).waitFor({ timeout: 15_000 });
      const noticedMs = Date.now() - brokenAt;
      expect(await spoken(seeker)).toContain(RECONNECTING);
      const framesWhileDown = (await received(volunteer)).frames;

      // the network is back (a new relay process, nothing of the old allocations)
      turn = await startCoturn({ port, secret });
      const backAt = Date.now();
      await status(seeker).filter({ hasText: '已接通志愿者' }).waitFor({ timeout: 20_000 });
      const reconnectedMs = Date.now() - backAt;
      await expect
        .poll(async () => (await received(volunteer)).frames, { timeout: 15_000 })
        .toBeGreaterThan(framesWhileDown + 10);
      expect(await iceUfrag(seeker)).not.toBe(ufragBefore);
      expect(new Set((await received(volunteer)).candidateTypes)).toEqual(new Set(['relay']));
      expect(await spoken(seeker)).toEqual(
        expect.arrayContaining([RECONNECTING, '已接通志愿者 稳定的志愿者']),
      );
      expect((await spoken(seeker)).at(-1)).toBe('已接通志愿者 稳定的志愿者');

      // closing the tab is no network change: the volunteer is told at once, not after the grace
      const closedAt = Date.now();
      await seeker.close();
      await status(volunteer).filter({ hasText: '对方已断开，通话结束' }).waitFor({ timeout: 3_000 });
      const toldMs = Date.now() - closedAt;
      console.info(
        `relay lost → "reconnecting" shown ${noticedMs} ms; relay back → connected again ${reconnectedMs} ms; tab closed → other side told ${toldMs} ms`,
      );
    });
  },
);
