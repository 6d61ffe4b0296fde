import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { productEndpoints } from '@sfm/protocol/products';
import { adminEndpoints } from '@sfm/protocol/admin';
import { productAdminEndpoints } from '@sfm/protocol/products-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSlice } from '../../config/config-slice.ts';
import { productsConfig } from '../../config/products-config.ts';
import { registeredUser, signedInAdmin, type TestAdmin } from '../../../test/harness/admin-harness.ts';
import {
  call,
  createTestApp,
  expectError,
  expectOk,
  type TestApp,
} from '../../../test/harness/app-harness.ts';

const device = { deviceid: 'product-lookup-device' };
// EAN-13s with their check digits; the UPC-A 036000291452 is the EAN-13 0036000291452
const TEA = '6901234567892';
const MILK = '4006381333931';
const UPC_A = '036000291452';

let t: TestApp;
let admin: TestAdmin;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t, 'operator');
});
afterAll(() => t.close());

const lookup = (app: TestApp, code: string, headers: Record<string, string> = device) =>
  call(app.app, productEndpoints.productLookup, { code }, headers);
const asAdmin = <E extends (typeof productAdminEndpoints)[keyof typeof productAdminEndpoints]>(
  endpoint: E,
  body: Record<string, unknown>,
) => call(t.app, endpoint, body, admin.headers);

describe('product lookup (GET /api/products/lookup)', () => {
  it('knows nothing on a fresh install: no list, no lookup service', async () => {
    expect(expectOk(productEndpoints.productLookup, await lookup(t, TEA))).toEqual({
      code: TEA,
      name: null,
      notes: '',
      source: null,
    });
  });

  it('refuses what is not a product code: letters, a wrong check digit, a wrong length', async () => {
    for (const code of ['69012345678X2', '6901234567891', '12345', '6'.repeat(200)]) {
      expectError(await lookup(t, code), 400, 'product_code_invalid');
    }
  });

  it('asks for an identity (a device or a user)', async () => {
    expect((await lookup(t, TEA, {})).status).toBe(401);
  });
});

describe('the back office product list', () => {
  it('adds a product, which the lookup then names with its notes', async () => {
    const created = expectOk(
      productAdminEndpoints.createProduct,
      await asAdmin(productAdminEndpoints.createProduct, {
        code: TEA,
        name: '茉莉花茶 250 克',
        notes: '含咖啡因',
      }),
    );
    expect(created).toMatchObject({
      code: TEA,
      name: '茉莉花茶 250 克',
      notes: '含咖啡因',
      updatedBy: admin.username,
    });
    expect(expectOk(productEndpoints.productLookup, await lookup(t, TEA))).toEqual({
      code: TEA,
      name: '茉莉花茶 250 克',
      notes: '含咖啡因',
      source: 'list',
    });
    const user = await registeredUser(t);
    expect(expectOk(productEndpoints.productLookup, await lookup(t, TEA, user.headers)).source).toBe('list');
  });

  it('keeps a UPC-A as its EAN-13: added as one, found as the other', async () => {
    expectOk(
      productAdminEndpoints.createProduct,
      await asAdmin(productAdminEndpoints.createProduct, { code: UPC_A, name: 'Soup' }),
    );
    expect(expectOk(productEndpoints.productLookup, await lookup(t, `0${UPC_A}`)).name).toBe('Soup');
    expect(expectOk(productEndpoints.productLookup, await lookup(t, UPC_A)).code).toBe(`0${UPC_A}`);
  });

  it('refuses a code listed already, and a name or notes out of bounds', async () => {
    expectError(
      await asAdmin(productAdminEndpoints.createProduct, { code: TEA, name: '又一个' }),
      409,
      'product_exists',
    );
    expectError(
      await asAdmin(productAdminEndpoints.createProduct, { code: MILK, name: ' ' }),
      400,
      'product_name_invalid',
    );
    expectError(
      await asAdmin(productAdminEndpoints.createProduct, { code: MILK, name: '奶', notes: '注'.repeat(501) }),
      400,
      'product_notes_too_long',
    );
  });

  it('lists newest change first, and searches codes and names', async () => {
    t.clock.advance(60);
    expectOk(
      productAdminEndpoints.createProduct,
      await asAdmin(productAdminEndpoints.createProduct, {
        code: MILK,
        name: '全脂牛奶 1 升',
        notes: '含乳糖',
      }),
    );
    const all = expectOk(
      productAdminEndpoints.adminProducts,
      await asAdmin(productAdminEndpoints.adminProducts, {}),
    );
    expect(all.total).toBe(3);
    expect(all.items[0]?.code).toBe(MILK);
    const byName = await asAdmin(productAdminEndpoints.adminProducts, { q: '牛奶' });
    expect(expectOk(productAdminEndpoints.adminProducts, byName).items.map((p) => p.code)).toEqual([MILK]);
    const byCode = await asAdmin(productAdminEndpoints.adminProducts, { q: '690123' });
    expect(expectOk(productAdminEndpoints.adminProducts, byCode).items.map((p) => p.code)).toEqual([TEA]);
    const wildcard = await asAdmin(productAdminEndpoints.adminProducts, { q: '%' });
    expect(expectOk(productAdminEndpoints.adminProducts, wildcard).total).toBe(0);
    const paged = await asAdmin(productAdminEndpoints.adminProducts, { page: 2, pageSize: 2 });
    expect(expectOk(productAdminEndpoints.adminProducts, paged)).toMatchObject({
      total: 3,
      page: 2,
      pageSize: 2,
    });
  });

  it('edits a product’s name and notes, and deletes it; each change has its audit row', async () => {
    const edited = expectOk(
      productAdminEndpoints.updateProduct,
      await asAdmin(productAdminEndpoints.updateProduct, { code: MILK, name: '低脂牛奶 1 升', notes: '' }),
    );
    expect(edited).toMatchObject({ name: '低脂牛奶 1 升', notes: '' });
    expectOk(
      productAdminEndpoints.deleteProduct,
      await asAdmin(productAdminEndpoints.deleteProduct, { code: MILK }),
    );
    expect(expectOk(productEndpoints.productLookup, await lookup(t, MILK)).name).toBeNull();
    expectError(await asAdmin(productAdminEndpoints.deleteProduct, { code: MILK }), 404, 'product_not_found');
    expectError(
      await asAdmin(productAdminEndpoints.updateProduct, { code: MILK, name: '奶' }),
      404,
      'product_not_found',
    );

    const audit = expectOk(
      adminEndpoints.audit,
      await call(t.app, adminEndpoints.audit, { targetType: 'product', targetId: MILK }, admin.headers),
    );
    expect(audit.items.map((e) => e.action).sort()).toEqual([
      'product.create',
      'product.delete',
      'product.update',
    ]);
    const update = audit.items.find((e) => e.action === 'product.update');
    expect(JSON.parse(update?.before ?? '{}')).toEqual({ name: '全脂牛奶 1 升', notes: '含乳糖' });
    expect(update?.adminUsername).toBe(admin.username);
  });

  it('is the back office’s alone: a user token and no token are refused', async () => {
    const user = await registeredUser(t);
    for (const headers of [user.headers, {}]) {
      const res = await call(t.app, productAdminEndpoints.createProduct, { code: MILK, name: '奶' }, headers);
      expect(res.status).toBe(401);
    }
  });
});

describe('a configured lookup service (Open Food Facts)', () => {
  let service: Server;
  let asked: string[];
  let down = false;
  let other: TestApp;

  beforeAll(async () => {
    asked = [];
    service = createServer((req, res) => {
      asked.push(req.url ?? '');
      if (down) return void res.writeHead(503).end();
      const code = /\/api\/v2\/product\/(\d+)\.json/.exec(req.url ?? '')?.[1];
      const known = code === MILK;
      res.writeHead(known ? 200 : 404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          known
            ? {
                status: 1,
                product: { product_name: 'Whole milk', product_name_zh: '全脂牛奶', brands: '牧场, Farm' },
              }
            : { status: 0 },
        ),
      );
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const { port } = service.address() as AddressInfo;
    const base = { products: readSlice(productsConfig, {}) };
    other = await createTestApp({
      database: t.database,
      config: {
        products: {
          ...base.products,
          lookup: { kind: 'open-food-facts', baseUrl: `http://127.0.0.1:${port}` },
        },
      },
    });
  });
  afterAll(async () => {
    await other.close();
    await new Promise((resolve) => service.close(resolve));
  });

  it('names a product the list lacks, in the caller’s language, brand first', async () => {
    expect(expectOk(productEndpoints.productLookup, await lookup(other, MILK))).toEqual({
      code: MILK,
      name: '牧场 全脂牛奶',
      notes: '',
      source: 'provider',
    });
    const english = await call(
      other.app,
      productEndpoints.productLookup,
      { code: MILK },
      { ...device, 'accept-language': 'en' },
    );
    expect(expectOk(productEndpoints.productLookup, english).name).toBe('牧场 Whole milk');
  });

  it('answers from the list first, without asking the service', async () => {
    const before = asked.length;
    expect(expectOk(productEndpoints.productLookup, await lookup(other, TEA)).source).toBe('list');
    expect(asked.length).toBe(before);
  });

  it('says unknown for a code the service lacks, and when the service is down', async () => {
    expect(expectOk(productEndpoints.productLookup, await lookup(other, '4006381333948')).source).toBeNull();
    down = true;
    expect(expectOk(productEndpoints.productLookup, await lookup(other, MILK))).toMatchObject({
      name: null,
      source: null,
    });
    down = false;
  });
});
