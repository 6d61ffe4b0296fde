import type { Logger } from 'pino';
import type { PaymentsConfig } from '../../config/payments-config.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../security/clock.ts';
import { PointsLedger } from './ledger.ts';
import { AlipayProvider } from './payments/alipay-provider.ts';
import { OrderService } from './payments/order-service.ts';
import type { PaymentProvider } from './payments/payment-provider.ts';
import { SandboxProvider, sandboxKey } from './payments/sandbox-provider.ts';
import { LedgerPointsMeter, type PointsMeter } from './points-meter.ts';
import { PointsRulesStore } from './points-rules.ts';
import { PointsService } from './service.ts';

export interface PointsEconomyDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  /** Days (free grant, VIP grant, device allowance) are counted in this zone. */
  timeZone: string;
  /** The server secret; the sandbox gateway's signing key derives from it. */
  secret: Uint8Array;
  /** Defaults to the embedded sandbox gateway. */
  payments?: PaymentsConfig;
}

/** The app's recharge page: where a gateway sends the user back (`?orderId=`). */
const RETURN_PATH = '/points-recharge';
/** Where a provider posts its notify. */
export const notifyPath = (provider: string) => `/api/payments/notify/${provider}`;

/**
 * The points economy, built once by the app: other modules meter through `meter` and report a
 * verified person through `phoneVerified` or `identityVerified`; the points module serves the rest.
 */
export interface PointsEconomy {
  meter: PointsMeter;
  /** A phone was verified by an SMS code: the one-time reward (a no-op after the first). */
  phoneVerified(userId: string): Promise<void>;
  /** A third-party login vouched for the person: the same one-time reward, once per account. */
  identityVerified(userId: string): Promise<void>;
  rules: PointsRulesStore;
  ledger: PointsLedger;
  service: PointsService;
  orders: OrderService;
  /** The provider that takes the money; the embedded sandbox's checkout exists only when it is this. */
  provider: PaymentProvider;
  sandbox: SandboxProvider | null;
}

export function createPointsEconomy(deps: PointsEconomyDeps): PointsEconomy {
  const { db, clock, logger, timeZone, secret, payments = { provider: 'sandbox' } } = deps;
  const rules = new PointsRulesStore(db, clock);
  const ledger = new PointsLedger(db, rules, clock, timeZone);
  const service = new PointsService(db, ledger, rules);
  let sandbox: SandboxProvider | null = null;
  let provider: PaymentProvider;
  if (payments.provider === 'alipay') {
    provider = new AlipayProvider(
      { ...payments, returnPath: RETURN_PATH, notifyPath: notifyPath('alipay') },
      clock,
    );
  } else {
    provider = sandbox = new SandboxProvider(db, sandboxKey(secret));
  }
  return {
    meter: new LedgerPointsMeter(db, ledger, rules, logger),
    phoneVerified: (userId) => service.rewardVerification(userId, 'phone'),
    identityVerified: (userId) => service.rewardVerification(userId, 'identity'),
    rules,
    ledger,
    service,
    orders: new OrderService(db, ledger, rules, provider, clock, logger),
    provider,
    sandbox,
  };
}
