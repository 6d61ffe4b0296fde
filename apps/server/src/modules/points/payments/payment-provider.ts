/** What a gateway's notify says, once its signature is verified. */
export interface VerifiedNotify {
  orderId: string;
  /** The gateway's own id of the payment. */
  tradeNo: string;
  amountFen: number;
  /**
   * paid: the money arrived. closed: the trade ended without it, or (for a paid order) was fully
   * refunded. waiting: nothing decided yet (Alipay's WAIT_BUYER_PAY), which changes no order.
   */
  state: 'paid' | 'closed' | 'waiting';
}

/** What the gateway says when asked about an order (the user's return, before or without a notify). */
export type TradeState = { paid: true; tradeNo: string; amountFen: number } | { paid: false };

/**
 * A payment gateway. The server creates an order, sends the user to `checkoutUrl`, and credits it
 * when a notify passes `verifyNotify` (signature) and the order checks (amount, state) — or when
 * `query` says it was paid. Each provider's notify answer text is its own (`ack`).
 */
export interface PaymentProvider {
  readonly name: string;
  checkoutUrl(order: { id: string; amountFen: number; subject: string }): string;
  /** The notify's fields when its signature is good; null otherwise. */
  verifyNotify(body: unknown): VerifiedNotify | null;
  query(orderId: string): Promise<TradeState>;
  ack(ok: boolean): string;
}
