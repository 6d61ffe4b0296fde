import { productsConfig } from '../../config/products-config.ts';
import type { ModuleSlices } from '../../config.ts';
import type { ModuleContext } from '../../module-context.ts';
import { productLookupProvider } from './lookup-provider.ts';
import { registerProductRoutes } from './routes.ts';
import { ProductsService } from './service.ts';

/** The product lookup service (PRODUCT_LOOKUP*): `config.products`. */
export const configSlices = { products: productsConfig } satisfies ModuleSlices;

/**
 * Product codes: the 条码 mode asks for a product's name by its code; the operator's list (the back
 * office's products page) answers first, then the configured lookup service (none by default).
 */
export function register({ http, db, audit, people, clock, logger, config }: ModuleContext): void {
  const products = new ProductsService({
    db,
    audit,
    people,
    clock,
    logger,
    provider: productLookupProvider(config.products.lookup),
    providerTimeoutMs: config.products.lookupTimeoutMs,
  });
  registerProductRoutes(http, products, config.products.lookupsPerMinute);
}
