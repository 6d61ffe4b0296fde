import { productEndpoints } from '@sfm/protocol/products';
import { productAdminEndpoints } from '@sfm/protocol/products-admin';
import { actorOf } from '../../audit/audit-log.ts';
import { rateLimitKey } from '../../http/identity.ts';
import type { Router } from '../../http/router.ts';
import type { ProductsService } from './service.ts';

/** Callers that may share one address (a family's phones, an office) before its own limit bites. */
const CALLERS_PER_ADDRESS = 3;

/** The 条码 mode's lookups (limited per user or device, and per address) and the back office's product list. */
export function registerProductRoutes(
  router: Router,
  products: ProductsService,
  lookupsPerMinute: number,
): void {
  router.route(
    productEndpoints.productLookup,
    ({ query, locale, signal }) => products.lookup(query.code, locale, signal),
    {
      rateLimits: [
        { bucket: 'product-lookup', limit: lookupsPerMinute, key: (r) => rateLimitKey(r.identity) },
        // made-up devices from one address share one allowance
        {
          bucket: 'product-lookup-address',
          limit: lookupsPerMinute * CALLERS_PER_ADDRESS,
          key: (r) => `ip:${r.ip}`,
        },
      ],
    },
  );

  const e = productAdminEndpoints;
  router.route(e.adminProducts, ({ query }) => products.page(query));
  router.route(e.createProduct, (r) => products.create(actorOf(r), r.body));
  router.route(e.updateProduct, (r) => products.update(actorOf(r), r.body));
  router.route(e.deleteProduct, (r) => products.delete(actorOf(r), r.body.code));
}
