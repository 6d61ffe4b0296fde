import { describe, expect, it } from 'vitest';
import { CALL_TRANSITIONS, nextPhase, type CallEvent, type CallPhase } from './call-phase.ts';

const ALL_EVENTS: CallEvent[] = [
  'request',
  'answer',
  'ringing',
  'queued',
  'incoming',
  'connected',
  'mediaLost',
  'mediaBack',
  'ended',
  'noAnswer',
  'cancelled',
  'failed',
];

describe('call phases', () => {
  it.each<[CallPhase, CallEvent, CallPhase]>([
    ['idle', 'request', 'requesting'],
    ['requesting', 'ringing', 'ringing'],
    ['ringing', 'queued', 'queued'],
    ['queued', 'connected', 'connected'],
    ['connected', 'mediaLost', 'reconnecting'],
    ['reconnecting', 'mediaBack', 'connected'],
    ['reconnecting', 'ended', 'ended'],
    ['ringing', 'noAnswer', 'noAnswer'],
    ['ringing', 'cancelled', 'cancelled'],
    ['noAnswer', 'request', 'requesting'],
    ['idle', 'incoming', 'incoming'],
    ['incoming', 'cancelled', 'idle'],
    ['incoming', 'answer', 'requesting'],
    ['idle', 'answer', 'requesting'],
    ['requesting', 'cancelled', 'cancelled'],
    ['requesting', 'failed', 'idle'],
  ])('%s + %s → %s', (from, event, to) => {
    expect(nextPhase(from, event)).toBe(to);
  });

  it('refuses every move the table does not list (a late ring stop cannot end a connected call)', () => {
    expect(nextPhase('connected', 'cancelled')).toBeNull();
    expect(nextPhase('connected', 'incoming')).toBeNull();
    expect(nextPhase('idle', 'connected')).toBeNull();
    expect(nextPhase('ended', 'mediaBack')).toBeNull();
    for (const [phase, moves] of Object.entries(CALL_TRANSITIONS)) {
      for (const event of ALL_EVENTS) {
        expect(nextPhase(phase as CallPhase, event)).toBe(moves[event] ?? null);
      }
    }
  });
});
