import type { Logger } from 'pino';
import type { PaymentsConfig } from '../../config/payments-config.ts';
import type { Database } from '../../db/database.ts';
import type { PointsMeter } from '../../metering/points-meter.ts';
import type { Points } from '../../module-context.ts';
import type { Clock } from '../../security/clock.ts';
import { PointsLedger } from './ledger.ts';
import { AlipayProvider } from './payments/alipay-provider.ts';
import { OrderService } from './payments/order-service.ts';
import type { PaymentProvider } from './payments/payment-provider.ts';
import { SandboxProvider, sandboxKey } from './payments/sandbox-provider.ts';
import { LedgerPointsMeter } from './ledger-points-meter.ts';
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
 * The points economy, built once by the module's `provide` (createPointsEconomy) and put on the
 * context, where other modules see it as `Points`: they meter through `meter` and report a verified person
 * through `phoneVerified` or `identityVerified`; the points module serves the rest.
 */
export class PointsEconomy implements Points {
  readonly meter: PointsMeter;
  readonly rules: PointsRulesStore;
  readonly ledger: PointsLedger;
  readonly service: PointsService;
  readonly orders: OrderService;
  /** The provider that takes the money; the embedded sandbox's checkout exists only when it is this. */
  readonly provider: PaymentProvider;
  readonly sandbox: SandboxProvider | null;

  constructor(deps: PointsEconomyDeps) {
    const { db, clock, logger, timeZone, secret, payments = { provider: 'sandbox' } } = deps;
    this.rules = new PointsRulesStore(db, clock);
    this.ledger = new PointsLedger(db, this.rules, clock, timeZone);
    this.service = new PointsService(db, this.ledger, this.rules);
    this.meter = new LedgerPointsMeter(db, this.ledger, this.rules, logger);
    if (payments.provider === 'alipay') {
      this.sandbox = null;
      this.provider = new AlipayProvider(
        { ...payments, returnPath: RETURN_PATH, notifyPath: notifyPath('alipay') },
        clock,
      );
    } else {
      this.provider = this.sandbox = new SandboxProvider(db, sandboxKey(secret));
    }
    this.orders = new OrderService(db, this.ledger, this.rules, this.provider, clock, logger);
  }

  // arrow properties: logins are handed these functions, not the economy
  phoneVerified = (userId: string): Promise<void> => this.service.rewardVerification(userId, 'phone');
  identityVerified = (userId: string): Promise<void> => this.service.rewardVerification(userId, 'identity');
}

export const createPointsEconomy = (deps: PointsEconomyDeps): PointsEconomy => new PointsEconomy(deps);

/** The economy behind `ctx.points`: the points module's own class, with the parts only it serves. */
export function economyOf(points: Points): PointsEconomy {
  if (points instanceof PointsEconomy) return points;
  throw new Error('ctx.points is not the economy createPointsEconomy built');
}
