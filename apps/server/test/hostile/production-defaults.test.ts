import { describe, expect, it } from 'vitest';
import { loadServerConfig as loadConfig } from '../../src/app.ts';

/**
 * Security review, finding 4: the sandbox payment gateway (points for free) and the log SMS sender
 * (login codes in the log) are the defaults, and nothing stopped a production server running them.
 */
describe('a production server refuses the development stand-ins', () => {
  it('does not start with the sandbox payment gateway or the log SMS sender, and says why in a line each', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(
      /NODE_ENV=production: the sandbox payment gateway .* ALLOW_DEVELOPMENT_DEFAULTS=sandbox-payments/,
    );
    expect(message).toMatch(/NODE_ENV=production: the log SMS sender .* ALLOW_DEVELOPMENT_DEFAULTS=log-sms/);
  });

  it('starts with them only when told to allow each by name', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ALLOW_DEVELOPMENT_DEFAULTS: 'log-sms' })).toThrow(
      /sandbox-payments/,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', ALLOW_DEVELOPMENT_DEFAULTS: 'sandbox-payments, log-sms' })
        .production,
    ).toBe(true);
  });

  it('development and tests keep the stand-ins without being asked', () => {
    expect(loadConfig({}).payments.provider).toBe('sandbox');
  });
});
