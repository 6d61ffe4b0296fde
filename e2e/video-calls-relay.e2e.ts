import { describe, expect, it } from 'vitest';
import { callStatus as status, callVolunteers, received, standBy } from './support/calls.ts';
import { relayCallSuite, relaySkipReason as skipReason } from './support/relay-calls.ts';

describe.skipIf(skipReason !== '')(
  `a relay-only video call through coturn${skipReason ? ` (${skipReason})` : ''}`,
  () => {
    const { relayOnly } = relayCallSuite(['中继', 'RELAY'], 'call-relay.png');

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
