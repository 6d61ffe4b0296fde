import type { ViteUserConfig } from 'vitest/config';

/**
 * The browser suites whose tests bound how long something takes on the page's own clock (an
 * interval between captures, a call ended within 5 s, a server that stops within 10 s) or that run
 * several browsers and servers at once (video calls). They run alone, after the rest, in the
 * `e2e-timed` project: beside another suite on two cores they would measure the neighbour too.
 */
export const TIMED_SUITES = [
  'see-for-me.e2e.ts',
  'market.e2e.ts',
  'server-lifecycle.e2e.ts',
  'video-calls.e2e.ts',
  'video-calls-reconnect.e2e.ts',
  'video-calls-relay.e2e.ts',
  'video-calls-scale-out.e2e.ts',
];

/** What both browser projects share: the data template, the timeouts of a page on a real server. */
export function e2eTestConfig(test: NonNullable<ViteUserConfig['test']>): ViteUserConfig {
  return {
    test: {
      // every server of the run starts from one initialised, migrated data folder
      globalSetup: ['support/data-template.ts'],
      testTimeout: 60_000,
      hookTimeout: 120_000,
      // a page waits on a real server that shares the two cores: vitest's 1 s is too short on a slow machine
      expect: { poll: { timeout: 10_000 } },
      ...test,
    },
  };
}
