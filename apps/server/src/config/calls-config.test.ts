import { describe, expect, it } from 'vitest';
import { CALLS_CONFIG_DOCS, callsConfigOrThrow, defaultCallsConfig } from './calls-config.ts';

describe('the calls config: the widening ring', () => {
  it('rings 2 volunteers first, doubling every 15 s up to 32, for 60 s, by default', () => {
    expect(defaultCallsConfig()).toMatchObject({
      batchSize: 2,
      batchGrowth: 2,
      maxBatchSize: 32,
      batchSeconds: 15,
      volunteerSeconds: 60,
    });
    // the configuration table (docs/configuration.md) says the same defaults
    expect(CALLS_CONFIG_DOCS.CALL_BATCH_SIZE[0]).toBe('2');
    expect(CALLS_CONFIG_DOCS.CALL_BATCH_GROWTH[0]).toBe('2');
    expect(CALLS_CONFIG_DOCS.CALL_BATCH_MAX_SIZE[0]).toBe('32');
    expect(CALLS_CONFIG_DOCS.CALL_BATCH_SECONDS[0]).toBe('15');
  });

  it('still reads the settings it always had, and the new ones', () => {
    expect(
      callsConfigOrThrow({
        CALL_BATCH_SIZE: '5',
        CALL_BATCH_SECONDS: '30',
        CALL_VOLUNTEER_SECONDS: '90',
        CALL_BATCH_GROWTH: '1.5',
        CALL_BATCH_MAX_SIZE: '20',
      }),
    ).toMatchObject({
      batchSize: 5,
      batchSeconds: 30,
      volunteerSeconds: 90,
      batchGrowth: 1.5,
      maxBatchSize: 20,
    });
    // growth 1: every batch the size of the first, as before the widening ring
    expect(callsConfigOrThrow({ CALL_BATCH_GROWTH: '1' }).batchGrowth).toBe(1);
  });

  it('refuses a shrinking ring, a cap below the first batch and an oversized batch', () => {
    expect(() => callsConfigOrThrow({ CALL_BATCH_GROWTH: '0.5' })).toThrow(/CALL_BATCH_GROWTH/);
    expect(() => callsConfigOrThrow({ CALL_BATCH_GROWTH: 'fast' })).toThrow(/CALL_BATCH_GROWTH/);
    expect(() => callsConfigOrThrow({ CALL_BATCH_SIZE: '10', CALL_BATCH_MAX_SIZE: '5' })).toThrow(
      /CALL_BATCH_MAX_SIZE must be at least CALL_BATCH_SIZE/,
    );
    expect(() => callsConfigOrThrow({ CALL_BATCH_MAX_SIZE: '101' })).toThrow(/CALL_BATCH_MAX_SIZE/);
  });
});
