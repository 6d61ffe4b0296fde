import { describe, expect, it } from 'vitest';
import { paymentsConfigOrThrow } from './payments-config.ts';

describe('payments config', () => {
  it('is the embedded sandbox by default', () => {
    expect(paymentsConfigOrThrow({})).toEqual({ provider: 'sandbox' });
  });

  it('takes Alipay with its keys (newlines written as \\n) and the public URL', () => {
    const config = paymentsConfigOrThrow({
      PAYMENT_PROVIDER: 'alipay',
      ALIPAY_APP_ID: '2021000000000001',
      ALIPAY_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----',
      ALIPAY_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nxyz\\n-----END PUBLIC KEY-----',
      PUBLIC_URL: 'https://sfm.example/',
    });
    expect(config).toMatchObject({
      provider: 'alipay',
      privateKey: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----',
      publicUrl: 'https://sfm.example',
      gateway: 'https://openapi.alipay.com/gateway.do',
    });
  });

  it('refuses Alipay without its keys, and an unknown provider', () => {
    expect(() => paymentsConfigOrThrow({ PAYMENT_PROVIDER: 'alipay', ALIPAY_APP_ID: 'x' })).toThrow(
      /needs ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY and PUBLIC_URL/,
    );
    expect(() => paymentsConfigOrThrow({ PAYMENT_PROVIDER: 'wechat' })).toThrow(/PAYMENT_PROVIDER/);
  });
});
