import { describe, expect, it } from 'vitest';
import {
  callStatus as status,
  callVolunteers,
  iceUfrag,
  received,
  spoken,
  standBy,
} from './support/calls.ts';
import { relayCallSuite, relaySkipReason as skipReason } from './support/relay-calls.ts';

const RECONNECTING = '网络不稳定，正在重新连接…';

/**
 * A network change in the middle of a call, made real: both browsers may only use the TURN relay,
 * and the relay dies under them (its allocations with it) and comes back as a new process. Only an
 * ICE restart can bring the media back; the seeker's page must say so while it happens.
 */
describe.skipIf(skipReason !== '')(
  `a video call surviving a network change (ICE restart)${skipReason ? ` (${skipReason})` : ''}`,
  () => {
    const { relayOnly, stopRelay, restartRelay } = relayCallSuite(
      ['换网络', 'NETWORK'],
      'call-reconnect.png',
    );

    it('shows and says "reconnecting" when the media path breaks, restarts ICE and decodes video again; a closed tab is told to the other side at once', async () => {
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
      await stopRelay();
      const brokenAt = Date.now();
      await status(seeker).filter({ hasText: RECONNECTING }).waitFor({ timeout: 15_000 });
      const noticedMs = Date.now() - brokenAt;
      expect(await spoken(seeker)).toContain(RECONNECTING);
      const framesWhileDown = (await received(volunteer)).frames;

      // the network is back (a new relay process, nothing of the old allocations)
      await restartRelay();
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

      // a closed tab looks like a reload: the volunteer is told at once and waited for (the grace)
      const closedAt = Date.now();
      await seeker.close();
      await status(volunteer).filter({ hasText: '对方网络中断，正在等待重连' }).waitFor({ timeout: 3_000 });
      const toldMs = Date.now() - closedAt;
      console.info(
        `relay lost → "reconnecting" shown ${noticedMs} ms; relay back → connected again ${reconnectedMs} ms; tab closed → other side told ${toldMs} ms`,
      );
    });
  },
);
