/**
 * Payments: which gateway takes the money for recharges and VIP plans (the embedded sandbox by
 * default; Alipay's open API when its keys are set), from environment variables.
 */
import { z } from 'zod';
import { configSlice, type DocsOf, type Env, readSlice } from './config-slice.ts';

export type PaymentsConfig =
  | { provider: 'sandbox' }
  | {
      provider: 'alipay';
      appId: string;
      /** The app's RSA private key (PEM): signs every request to Alipay. */
      privateKey: string;
      /** Alipay's RSA public key (PEM): verifies every notify and answer from Alipay. */
      alipayPublicKey: string;
      gateway: string;
      /** Where Alipay reaches this server (notify) and sends the user back (return). */
      publicUrl: string;
    };

/** PEM text from an env var, where newlines are often written as "\n". */
const pem = z.string().transform((v) => v.replace(/\\n/g, '\n'));

const PaymentsEnv = z.object({
  PAYMENT_PROVIDER: z.enum(['sandbox', 'alipay']).default('sandbox'),
  PUBLIC_URL: z.url().optional(),
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_PRIVATE_KEY: pem.optional(),
  ALIPAY_PUBLIC_KEY: pem.optional(),
  ALIPAY_GATEWAY: z.url().default('https://openapi.alipay.com/gateway.do'),
});

/** Throws an Error when Alipay is chosen without its keys. */
function readPaymentsConfig(e: z.output<typeof PaymentsEnv>): PaymentsConfig {
  if (e.PAYMENT_PROVIDER === 'sandbox') return { provider: 'sandbox' };
  const { ALIPAY_APP_ID: appId, ALIPAY_PRIVATE_KEY: privateKey, ALIPAY_PUBLIC_KEY: alipayPublicKey } = e;
  const publicUrl = e.PUBLIC_URL;
  if (!appId || !privateKey || !alipayPublicKey || !publicUrl) {
    throw new Error(
      'PAYMENT_PROVIDER=alipay needs ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY and PUBLIC_URL',
    );
  }
  return {
    provider: 'alipay',
    appId,
    privateKey,
    alipayPublicKey,
    gateway: e.ALIPAY_GATEWAY,
    publicUrl: publicUrl.replace(/\/$/, ''),
  };
}

/** The points module's slice (modules/points/module.ts brings it): `config.payments`. */
export const paymentsConfig = configSlice({
  schema: PaymentsEnv,
  docs: {
    PAYMENT_PROVIDER: [
      'sandbox',
      'Gateway for recharges and VIP plans: `sandbox` (embedded test checkout, no money moves) or `alipay` (Alipay open API, RSA2; needs the ALIPAY_* keys and PUBLIC_URL).',
    ],
    PUBLIC_URL: [
      '(unset)',
      'The server as the internet reaches it (e.g. `https://seeforme.example.com`): Alipay posts its notify to `<PUBLIC_URL>/api/payments/notify/alipay` and returns the user to `/points-recharge`.',
    ],
    ALIPAY_APP_ID: ['(unset)', 'Alipay open platform app id.'],
    ALIPAY_PRIVATE_KEY: ['(unset)', "The app's RSA2 private key (PEM, `\\n` for newlines); never logged."],
    ALIPAY_PUBLIC_KEY: [
      '(unset)',
      "Alipay's RSA2 public key (PEM) that notifies and answers are verified with.",
    ],
    ALIPAY_GATEWAY: [
      'https://openapi.alipay.com/gateway.do',
      "Alipay's gateway; its sandbox is `https://openapi-sandbox.dl.alipaydev.com/gateway.do`.",
    ],
  } satisfies DocsOf<typeof PaymentsEnv>,
  read: readPaymentsConfig,
});

declare module '../config.ts' {
  interface ModuleConfigs {
    /** Which gateway takes the money for recharges and VIP plans (modules/points). */
    payments: PaymentsConfig;
  }
}

/** The payments config alone, or an "Invalid configuration" error listing every problem. */
export const paymentsConfigOrThrow = (env: Env): PaymentsConfig => readSlice(paymentsConfig, env);
