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
    ['incoming', 'answer', 'incoming'],
    ['incoming', 'failed', 'idle'],
    ['idle', 'answer', 'requesting'],
    ['requesting', 'cancelled', 'cancelled'],
    ['requesting', 'failed', 'idle'],
  ])('%s + %s → %s', (from, event, to) => {
    expect(nextPhase(from, event)).toBe(to);
  });

  it("a volunteer's answer keeps the ring until the server connects it: the page never falls back to its idle words", () => {
    const answered = nextPhase('incoming', 'answer');
    expect(answered).toBe('incoming');
    expect(nextPhase(answered ?? 'idle', 'connected')).toBe('connected');
    // refused (an error, the ring taken by another): the ring ends
    expect(nextPhase(answered ?? 'incoming', 'failed')).toBe('idle');
    expect(nextPhase(answered ?? 'incoming', 'cancelled')).toBe('idle');
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
