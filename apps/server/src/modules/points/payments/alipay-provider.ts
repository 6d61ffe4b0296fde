import { createSign, createVerify } from 'node:crypto';
import type { PaymentProvider, TradeState, VerifiedNotify } from './payment-provider.ts';

export interface AlipayOptions {
  appId: string;
  /** The app's RSA private key (PEM). */
  privateKey: string;
  /** Alipay's RSA public key (PEM). */
  alipayPublicKey: string;
  gateway: string;
  /** This server as the internet reaches it (notify and return URLs). */
  publicUrl: string;
  /** Where the user lands after paying (the app's recharge page; `?orderId=` is added). */
  returnPath: string;
  notifyPath: string;
}

type Params = Record<string, string>;

/** Alipay's "string to sign": every non-empty parameter but the signature, by key, as k=v&k=v. */
export function stringToSign(params: Params, leaveOut: readonly string[] = ['sign']): string {
  return Object.keys(params)
    .filter((k) => !leaveOut.includes(k) && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export const rsa2Sign = (text: string, privateKey: string): string =>
  createSign('RSA-SHA256').update(text, 'utf8').sign(privateKey, 'base64');

export function rsa2Verify(text: string, signature: string, publicKey: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(text, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false; // a signature that is not even base64 of the right length
  }
}

/** "6.00" → 600; anything that is not a yuan amount with at most two decimals → null. */
export function yuanToFen(amount: string | undefined): number | null {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount ?? '');
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

const fenToYuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** Alipay's timestamp: Beijing time as yyyy-MM-dd HH:mm:ss. */
function beijingTimestamp(now: Date): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
}

const PAID_STATES: ReadonlySet<string> = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);
const QUERY_TIMEOUT_MS = 10_000;

/**
 * Alipay's open API (RSA2): the mobile web checkout (alipay.trade.wap.pay) is a signed GET to the
 * gateway; the asynchronous notify is a signed form POST, verified with Alipay's public key and
 * answered "success"; a return before the notify asks alipay.trade.query, whose signed answer is
 * verified the same way.
 */
export class AlipayProvider implements PaymentProvider {
  readonly name = 'alipay';

  constructor(
    private readonly options: AlipayOptions,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The common parameters of a call, plus its own, signed. */
  private signed(method: string, biz: Record<string, string>, extra: Params = {}): Params {
    const params: Params = {
      app_id: this.options.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: beijingTimestamp(this.clock()),
      version: '1.0',
      biz_content: JSON.stringify(biz),
      ...extra,
    };
    return { ...params, sign: rsa2Sign(stringToSign(params), this.options.privateKey) };
  }

  checkoutUrl(order: { id: string; amountFen: number; subject: string }): string {
    const { publicUrl, returnPath, notifyPath, gateway } = this.options;
    const params = this.signed(
      'alipay.trade.wap.pay',
      {
        out_trade_no: order.id,
        total_amount: fenToYuan(order.amountFen),
        subject: order.subject,
        product_code: 'QUICK_WAP_WAY',
      },
      {
        notify_url: `${publicUrl}${notifyPath}`,
        return_url: `${publicUrl}${returnPath}?orderId=${order.id}`,
      },
    );
    return `${gateway}?${new URLSearchParams(params).toString()}`;
  }

  verifyNotify(body: unknown): VerifiedNotify | null {
    if (typeof body !== 'object' || body === null) return null;
    const params = Object.fromEntries(
      Object.entries(body as Record<string, unknown>).filter(
        (e): e is [string, string] => typeof e[1] === 'string',
      ),
    );
    const { sign, app_id, out_trade_no, trade_no, trade_status } = params;
    if (!sign || app_id !== this.options.appId || !out_trade_no || !trade_no || !trade_status) return null;
    // the notify's string to sign leaves out both the signature and its type
    if (!rsa2Verify(stringToSign(params, ['sign', 'sign_type']), sign, this.options.alipayPublicKey))
      return null;
    const amountFen = yuanToFen(params.total_amount);
    if (amountFen === null) return null;
    const state = PAID_STATES.has(trade_status)
      ? 'paid'
      : trade_status === 'TRADE_CLOSED'
        ? 'closed'
        : 'waiting';
    return { orderId: out_trade_no, tradeNo: trade_no, amountFen, state };
  }

  async query(orderId: string): Promise<TradeState> {
    const res = await fetch(this.options.gateway, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams(this.signed('alipay.trade.query', { out_trade_no: orderId })).toString(),
      signal: AbortSignal.timeout(QUERY_TIMEOUT_MS),
    });
    const text = await res.text();
    const answer = signedAnswer(text, 'alipay_trade_query_response');
    if (!answer || !rsa2Verify(answer.raw, answer.sign, this.options.alipayPublicKey)) {
      throw new Error(`alipay.trade.query answered without a valid signature (HTTP ${res.status})`);
    }
    const data = JSON.parse(answer.raw) as Record<string, string | undefined>;
    const amountFen = yuanToFen(data.total_amount);
    if (
      data.code !== '10000' ||
      !PAID_STATES.has(data.trade_status ?? '') ||
      amountFen === null ||
      !data.trade_no
    ) {
      return { paid: false };
    }
    return { paid: true, tradeNo: data.trade_no, amountFen };
  }

  ack(ok: boolean): string {
    return ok ? 'success' : 'fail';
  }
}

/**
 * Alipay signs the answer object's exact text: `{"<name>":{…},"sign":"…"}` → the `{…}` as sent (the
 * way its own SDKs cut it out), and the signature.
 */
export function signedAnswer(text: string, name: string): { raw: string; sign: string } | null {
  const key = `"${name}":`;
  const start = text.indexOf(key);
  const end = text.lastIndexOf(',"sign":');
  if (start < 0 || end < start) return null;
  let sign: unknown;
  try {
    sign = (JSON.parse(text) as { sign?: unknown }).sign;
  } catch {
    return null;
  }
  return typeof sign === 'string' ? { raw: text.slice(start + key.length, end), sign } : null;
}
