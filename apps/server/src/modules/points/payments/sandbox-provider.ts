import { createHmac } from 'node:crypto';
import { SANDBOX_CHECKOUT_PATH } from '@sfm/protocol/points';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/database.ts';
import { sandboxPayments } from '../../../db/points-schema.ts';
import { hmacSha256, safeEqualHex } from '../../../security/secrets.ts';
import type { PaymentProvider, TradeState, VerifiedNotify } from './payment-provider.ts';

const SandboxNotify = z.object({
  orderId: z.string(),
  tradeNo: z.string(),
  amountFen: z.number().int(),
  status: z.enum(['paid', 'cancelled']),
  sign: z.string(),
});
export type SandboxNotify = z.infer<typeof SandboxNotify>;

/** The sandbox gateway's signing key, derived from the server secret (nothing to configure). */
export const sandboxKey = (secret: Uint8Array): Buffer =>
  createHmac('sha256', secret).update('sandbox-payments').digest();

/** The signed text: the fields in a fixed order, as a gateway's "string to sign". */
const stringToSign = (n: Omit<SandboxNotify, 'sign'>) =>
  `amountFen=${n.amountFen}&orderId=${n.orderId}&status=${n.status}&tradeNo=${n.tradeNo}`;

/**
 * The embedded payment gateway, for a product with no merchant account (and for tests). Its
 * checkout is a page of the web app where the user confirms or cancels; the gateway then keeps its
 * own record (`sandbox_payments`) and calls the notify handler with an HMAC-signed body, as a real
 * gateway posts to the notify URL. No money moves.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';

  constructor(
    private readonly db: Database,
    private readonly key: Uint8Array,
  ) {}

  checkoutUrl(order: { id: string }): string {
    return `${SANDBOX_CHECKOUT_PATH}?orderId=${order.id}`;
  }

  sign(notify: Omit<SandboxNotify, 'sign'>): SandboxNotify {
    return { ...notify, sign: hmacSha256(this.key, stringToSign(notify)) };
  }

  verifyNotify(body: unknown): VerifiedNotify | null {
    const parsed = SandboxNotify.safeParse(body);
    if (!parsed.success) return null;
    const { sign, ...fields } = parsed.data;
    if (!/^[0-9a-f]{64}$/.test(sign) || !safeEqualHex(sign, hmacSha256(this.key, stringToSign(fields))))
      return null;
    return {
      orderId: fields.orderId,
      tradeNo: fields.tradeNo,
      amountFen: fields.amountFen,
      state: fields.status === 'paid' ? 'paid' : 'closed',
    };
  }

  /** The user's decision on the checkout page: the gateway's record, then the signed notify to deliver. */
  async decide(order: { id: string; amountFen: number }, pay: boolean): Promise<SandboxNotify> {
    const status = pay ? 'paid' : 'cancelled';
    await this.db
      .insert(sandboxPayments)
      .values({ orderId: order.id, amountFen: order.amountFen, status })
      .onConflictDoNothing();
    const [row] = await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.orderId, order.id));
    return this.sign({
      orderId: order.id,
      tradeNo: `SANDBOX-${order.id}`,
      amountFen: row?.amountFen ?? order.amountFen,
      status: row?.status === 'paid' ? 'paid' : 'cancelled',
    });
  }

  async query(orderId: string): Promise<TradeState> {
    const [row] = await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.orderId, orderId));
    return row?.status === 'paid'
      ? { paid: true, tradeNo: `SANDBOX-${orderId}`, amountFen: row.amountFen }
      : { paid: false };
  }

  ack(ok: boolean): string {
    return ok ? 'success' : 'fail';
  }
}
