import { productEndpoints } from '@sfm/protocol/products';
import { productAdminEndpoints } from '@sfm/protocol/products-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSlice } from '../../src/config/config-slice.ts';
import { productsConfig } from '../../src/config/products-config.ts';
import { signedInAdmin, type TestAdmin } from '../harness/admin-harness.ts';
import { createTestApp, type TestApp } from '../harness/app-harness.ts';
import { envelopeProblem } from './catalogue-answers.ts';

/**
 * The product list's routes under hostile input: the lookup (open to every device, and a paid or
 * third-party service's call once one is configured) is rate limited per device and per address,
 * made-up devices included; what the back office stores is bounded in size, and a body beyond the
 * server's limit is refused before it is read.
 */
const LIMIT = 3;
const VALID = '6901234567892';

let t: TestApp;
let admin: TestAdmin;
beforeAll(async () => {
  const base = { products: readSlice(productsConfig, {}) };
  t = await createTestApp({
    config: { bodyLimitBytes: 16 * 1024, products: { ...base.products, lookupsPerMinute: LIMIT } },
  });
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

const lookup = (headers: Record<string, string>, remoteAddress: string) =>
  t.app.inject({
    method: 'GET',
    url: `${productEndpoints.productLookup.path}?code=${VALID}`,
    headers,
    remoteAddress,
  });

describe('product lookups are rate limited', () => {
  it('per device: 429 with Retry-After and the catalogue message once over', async () => {
    const answers = [];
    for (let i = 0; i <= LIMIT; i++)
      answers.push(await lookup({ deviceid: 'hostile-product-device' }, '10.9.0.1'));
    expect(answers.slice(0, LIMIT).map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const over = answers[LIMIT]!;
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(envelopeProblem(429, over.json(), 'zh-CN')).toBeNull();
  });

  it('per address: a new made-up device for every call does not get round it', async () => {
    let refusedAt = -1;
    for (let i = 0; i < 40 && refusedAt < 0; i++) {
      const answer = await lookup({ deviceid: `made-up-product-device-${i}` }, '10.9.0.2');
      if (answer.statusCode === 429) refusedAt = i;
    }
    expect(refusedAt).toBeGreaterThan(LIMIT);
    expect(refusedAt).toBeLessThan(40);
  });
});

describe('the product list is bounded in size', () => {
  const post = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: productAdminEndpoints.createProduct.path,
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload,
    });

  it('refuses a name, notes, code or search past their bounds with the catalogue message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ code: VALID, name: '名'.repeat(101) }, 'product_name_invalid'],
      [{ code: VALID, name: '茶', notes: '注'.repeat(501) }, 'product_notes_too_long'],
      [{ code: '6'.repeat(5000), name: '茶' }, 'product_code_invalid'],
      [{ code: VALID, name: '茶', extra: 'x' }, 'unknown_field'],
    ];
    for (const [body, error] of cases) {
      const answer = await post(JSON.stringify(body));
      expect(answer.statusCode, error).toBe(400);
      expect(answer.json()).toMatchObject({ data: { error } });
      expect(envelopeProblem(400, answer.json(), 'zh-CN')).toBeNull();
    }
    const search = await t.app.inject({
      method: 'GET',
      url: `${productAdminEndpoints.adminProducts.path}?q=${'搜'.repeat(101)}`,
      headers: admin.headers,
    });
    expect(search.json()).toMatchObject({ code: 400, data: { error: 'search_too_long' } });
  });

  it('refuses a body beyond the server’s limit with 413, before the route reads it', async () => {
    const answer = await post(JSON.stringify({ code: VALID, name: '茶', notes: 'x'.repeat(64 * 1024) }));
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toMatchObject({ data: { error: 'body_too_large' } });
  });
});
