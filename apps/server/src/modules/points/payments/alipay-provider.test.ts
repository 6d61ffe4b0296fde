import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { endpoints } from '@sfm/protocol/gathered';
import { DEFAULT_POINTS_RULES, type PaymentOrder } from '@sfm/protocol/points';
import { pointsAdminEndpoints } from '@sfm/protocol/points-admin';
import { eq } from 'drizzle-orm';
import { paymentOrders } from '../../../db/points-schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredUser, signedInAdmin } from '../../../../test/harness/admin-harness.ts';
import { call, createTestApp, expectOk, type TestApp } from '../../../../test/harness/app-harness.ts';
import { notifyPath } from '../points-economy.ts';
import { rsa2Sign, rsa2Verify, signedAnswer, stringToSign, yuanToFen } from './alipay-provider.ts';

const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
/** The app's keys (it signs requests) and Alipay's (it signs notifies and answers). */
const app = pair();
const alipay = pair();
const APP_ID = '2021000000000001';
const PUBLIC_URL = 'https://sfm.example';
const [P600] = DEFAULT_POINTS_RULES.rechargePackages;
/** Paid points every registered user starts with: registration proves the phone by an SMS code. */
const REWARD = DEFAULT_POINTS_RULES.verificationReward;

/**
 * A local stand-in for Alipay's gateway: it checks the app's RSA2 signature on alipay.trade.query
 * and answers with Alipay's own signature over the answer object's text, as the real one does.
 */
class FakeAlipay {
  readonly paid = new Map<string, string>();
  /** Signs answers with the wrong key (a forged or broken gateway). */
  forge = false;
  queries = 0;
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        const params = Object.fromEntries(new URLSearchParams(body));
        this.queries += 1;
        const valid = rsa2Verify(stringToSign(params), params.sign ?? '', app.publicKey);
        const outTradeNo = (JSON.parse(params.biz_content ?? '{}') as { out_trade_no?: string }).out_trade_no;
        const amount = outTradeNo ? this.paid.get(outTradeNo) : undefined;
        const answer = !valid
          ? { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' }
          : amount
            ? {
                code: '10000',
                msg: 'Success',
                trade_status: 'TRADE_SUCCESS',
                total_amount: amount,
                trade_no: `ALI${outTradeNo}`,
                out_trade_no: outTradeNo,
              }
            : { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST' };
        const raw = JSON.stringify(answer);
        const sign = rsa2Sign(raw, this.forge ? app.privateKey : alipay.privateKey);
        res.setHeader('content-type', 'application/json;charset=utf-8');
        res.end(`{"alipay_trade_query_response":${raw},"sign":"${sign}"}`);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/gateway.do`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

/** A notify as Alipay posts it: a signed form (sign_type left out of the signed text). */
function notify(order: PaymentOrder, over: Record<string, string> = {}, key = alipay.privateKey): string {
  const params: Record<string, string> = {
    notify_time: '2026-11-26 12:00:00',
    notify_type: 'trade_status_sync',
    notify_id: `n-${order.id}`,
    app_id: APP_ID,
    charset: 'utf-8',
    version: '1.0',
    trade_no: `ALI${order.id}`,
    out_trade_no: order.id,
    trade_status: 'TRADE_SUCCESS',
    total_amount: '6.00',
    subject: order.itemName,
    ...over,
  };
  const sign = rsa2Sign(stringToSign(params, ['sign', 'sign_type']), key);
  return new URLSearchParams({ ...params, sign_type: 'RSA2', sign }).toString();
}

let t: TestApp;
const gateway = new FakeAlipay();

beforeAll(async () => {
  await gateway.start();
  t = await createTestApp({
    config: {
      payments: {
        provider: 'alipay',
        appId: APP_ID,
        privateKey: app.privateKey,
        alipayPublicKey: alipay.publicKey,
        gateway: gateway.url,
        publicUrl: PUBLIC_URL,
      },
    },
  });
});
afterAll(async () => {
  await t?.close();
  await gateway.stop();
});

const postNotify = (form: string) =>
  t.app.inject({
    method: 'POST',
    url: notifyPath('alipay'),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form,
  });

async function newOrder() {
  const user = await registeredUser(t);
  const order = expectOk(
    endpoints.pointsCreateOrder,
    await call(t.app, endpoints.pointsCreateOrder, { kind: 'recharge', itemId: P600!.id }, user.headers),
  );
  const paidPoints = async () =>
    expectOk(endpoints.pointsDetails, await call(t.app, endpoints.pointsDetails, undefined, user.headers))
      .paidPoints;
  return { user, order, paidPoints };
}

describe('Alipay (RSA2) against a local fake gateway', () => {
  it('sends the user to a signed alipay.trade.wap.pay with the amount in yuan, the notify and return URLs', async () => {
    const { order } = await newOrder();
    expect(order.provider).toBe('alipay');
    const url = new URL(order.checkoutUrl);
    expect(`${url.origin}${url.pathname}`).toBe(gateway.url);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      app_id: APP_ID,
      method: 'alipay.trade.wap.pay',
      sign_type: 'RSA2',
      notify_url: `${PUBLIC_URL}/api/payments/notify/alipay`,
      return_url: `${PUBLIC_URL}/points-recharge?orderId=${order.id}`,
    });
    expect(JSON.parse(params.biz_content!)).toMatchObject({ out_trade_no: order.id, total_amount: '6.00' });
    expect(rsa2Verify(stringToSign(params), params.sign!, app.publicKey)).toBe(true);
  });

  it('credits a verified notify once, however often it comes', async () => {
    const { order, paidPoints } = await newOrder();
    const replies = await Promise.all(Array.from({ length: 4 }, () => postNotify(notify(order))));
    expect(replies.map((r) => r.body)).toEqual(['success', 'success', 'success', 'success']);
    expect(await paidPoints()).toBe(REWARD + P600!.points);
  });

  it('refuses a bad signature, another app, a wrong amount', async () => {
    const { order, paidPoints } = await newOrder();
    for (const form of [
      notify(order, {}, app.privateKey),
      notify(order, { app_id: '2021000000000002' }),
      notify(order, { total_amount: '0.01' }),
      notify(order, { total_amount: '6.001' }),
    ]) {
      const res = await postNotify(form);
      expect([res.statusCode, res.body]).toEqual([400, 'fail']);
    }
    const tampered = new URLSearchParams(notify(order));
    tampered.set('trade_status', 'TRADE_SUCCESS');
    tampered.set('total_amount', '600.00');
    expect((await postNotify(tampered.toString())).body).toBe('fail');
    expect(await paidPoints()).toBe(REWARD);
  });

  it("the user's return asks the gateway and credits once, racing the notify", async () => {
    const { user, order, paidPoints } = await newOrder();
    gateway.paid.set(order.id, '6.00');
    const [notified, ...returns] = await Promise.all([
      postNotify(notify(order)),
      ...Array.from({ length: 4 }, () =>
        call(t.app, endpoints.pointsOrder, { orderId: order.id }, user.headers),
      ),
    ]);
    expect(notified!.body).toBe('success');
    for (const r of returns) expect(expectOk(endpoints.pointsOrder, r).status).toBe('paid');
    expect(await paidPoints()).toBe(REWARD + P600!.points);
  });

  it('an answer without a valid Alipay signature credits nothing', async () => {
    const { user, order, paidPoints } = await newOrder();
    gateway.paid.set(order.id, '6.00');
    gateway.forge = true;
    try {
      const res = await call(t.app, endpoints.pointsOrder, { orderId: order.id }, user.headers);
      expect(expectOk(endpoints.pointsOrder, res).status).toBe('created');
      expect(await paidPoints()).toBe(REWARD);
    } finally {
      gateway.forge = false;
    }
  });
});

/**
 * Security review, finding 12: any notify that was not a payment failed an open order, so a later
 * TRADE_SUCCESS was acknowledged and never credited; a refund (TRADE_CLOSED after payment) never
 * took the points back. Only the right states change an order now.
 */
describe('Alipay order states and refunds', () => {
  const status = async (user: { headers: Record<string, string> }, orderId: string) =>
    expectOk(endpoints.pointsOrder, await call(t.app, endpoints.pointsOrder, { orderId }, user.headers))
      .status;

  it('a waiting notify changes nothing; a closed trade fails the order; money arriving after all is credited', async () => {
    const { user, order, paidPoints } = await newOrder();
    expect((await postNotify(notify(order, { trade_status: 'WAIT_BUYER_PAY' }))).body).toBe('success');
    expect(await status(user, order.id)).toBe('created');
    expect((await postNotify(notify(order, { trade_status: 'TRADE_CLOSED' }))).body).toBe('success');
    expect(await status(user, order.id)).toBe('failed');
    expect((await postNotify(notify(order, { trade_status: 'TRADE_SUCCESS' }))).body).toBe('success');
    expect(await status(user, order.id)).toBe('paid');
    expect(await paidPoints()).toBe(REWARD + P600!.points);
  });

  it('a refund takes the points back once; what was spent already is recorded, never a negative balance', async () => {
    const operator = await signedInAdmin(t, 'operator');
    for (const spent of [0, 500]) {
      const { user, order, paidPoints } = await newOrder();
      await postNotify(notify(order));
      expect(await paidPoints()).toBe(REWARD + P600!.points);
      if (spent > 0) {
        // spent through the back office: the free points first, then the paid ones
        const details = expectOk(
          endpoints.pointsDetails,
          await call(t.app, endpoints.pointsDetails, undefined, user.headers),
        );
        const amount = -(details.totalPoints - details.paidPoints + REWARD + spent);
        expectOk(
          pointsAdminEndpoints.giftPoints,
          await call(
            t.app,
            pointsAdminEndpoints.giftPoints,
            { userId: user.user.id, amount, reason: '测试消费' },
            operator.headers,
          ),
        );
        expect(await paidPoints()).toBe(P600!.points - spent);
      }
      for (let i = 0; i < 2; i++) {
        expect((await postNotify(notify(order, { trade_status: 'TRADE_CLOSED' }))).body).toBe('success');
      }
      expect(await status(user, order.id)).toBe('refunded');
      expect(await paidPoints()).toBe(spent > 0 ? 0 : REWARD);
      const [row] = await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, order.id));
      expect(row?.refundShortfall).toBe(spent);
      // the operators see what could not be taken back in the user's drawer
      const drawer = expectOk(
        pointsAdminEndpoints.userPoints,
        await call(t.app, pointsAdminEndpoints.userPoints, { userId: user.user.id }, operator.headers),
      );
      expect(drawer.refundShortfalls).toEqual(
        spent > 0
          ? [
              {
                orderId: order.id,
                kind: 'recharge',
                amountFen: P600!.priceFen,
                paidAt: expect.any(String),
                points: spent,
              },
            ]
          : [],
      );
    }
  });
});

describe('Alipay helpers', () => {
  it('reads yuan amounts exactly and cuts the signed answer text as sent', () => {
    expect([
      yuanToFen('6.00'),
      yuanToFen('6'),
      yuanToFen('0.5'),
      yuanToFen('1.005'),
      yuanToFen('-1'),
    ]).toEqual([600, 600, 50, null, null]);
    const raw = '{"code":"10000","total_amount":"6.00"}';
    expect(signedAnswer(`{"x_response":${raw},"sign":"abc"}`, 'x_response')).toEqual({ raw, sign: 'abc' });
    expect(signedAnswer('not json', 'x_response')).toBeNull();
  });
});
