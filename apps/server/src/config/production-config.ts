/**
 * Production or not, and the development stand-ins a production server refuses to run with
 * unless ALLOW_DEVELOPMENT_DEFAULTS names them (a security review found nothing stopped it).
 */
import { z } from 'zod';
import { configSlice, type DocsOf, splitList } from './config-slice.ts';

export interface ProductionConfig {
  production: boolean;
}

/** Each stand-in's name, and why it is refused when it is in use. */
const DEVELOPMENT_DEFAULTS = {
  'sandbox-payments': (e: { PAYMENT_PROVIDER: string }) =>
    e.PAYMENT_PROVIDER === 'sandbox'
      ? 'the sandbox payment gateway lets anyone "pay" for points for free: set PAYMENT_PROVIDER=alipay'
      : null,
  'log-sms': (e: { SMS_SENDER: string }) =>
    e.SMS_SENDER === 'log'
      ? 'the log SMS sender writes login codes to the server log instead of sending them'
      : null,
} as const;

const ProductionEnv = z
  .object({
    NODE_ENV: z.string().default('development'),
    ALLOW_DEVELOPMENT_DEFAULTS: z.string().default('').transform(splitList),
    // The stand-ins' own variables (their slices parse and document them), read only to see
    // whether a stand-in is in use.
    PAYMENT_PROVIDER: z.string().default('sandbox'),
    SMS_SENDER: z.string().default('log'),
  })
  .superRefine((e, ctx) => {
    if (e.NODE_ENV !== 'production') return;
    for (const [name, problem] of Object.entries(DEVELOPMENT_DEFAULTS)) {
      const found = e.ALLOW_DEVELOPMENT_DEFAULTS.includes(name) ? null : problem(e);
      if (found) {
        ctx.addIssue({
          code: 'custom',
          message: `NODE_ENV=production: ${found} (or ALLOW_DEVELOPMENT_DEFAULTS=${name} to run it anyway)`,
        });
      }
    }
  });

export const productionConfig = configSlice({
  schema: ProductionEnv,
  docs: {
    NODE_ENV: [
      'development',
      '`production` turns off response-shape validation (kept on in dev and tests) and refuses to start with development stand-ins (the sandbox payment gateway, the log SMS sender) unless `ALLOW_DEVELOPMENT_DEFAULTS` names them.',
    ],
    ALLOW_DEVELOPMENT_DEFAULTS: [
      '(unset)',
      'With `NODE_ENV=production`, the development stand-ins allowed anyway, comma-separated: `sandbox-payments` (anyone can pay for points without paying), `log-sms` (codes go to the log, not to phones). For a staging server, never for real users.',
    ],
  } satisfies DocsOf<typeof ProductionEnv, 'PAYMENT_PROVIDER' | 'SMS_SENDER'>,
  read: (e): ProductionConfig => ({ production: e.NODE_ENV === 'production' }),
});
