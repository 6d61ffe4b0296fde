/**
 * Where the 条码 mode's product names come from besides the operator's list (the back office's
 * products page): no lookup service on a fresh install, or Open Food Facts' product API (the
 * public one, or a mirror of it) when an operator names it.
 */
import { z } from 'zod';
import { configSlice, type DocsOf, positiveInt } from './config-slice.ts';

const PRODUCT_LOOKUPS = ['none', 'open-food-facts'] as const;
const DEFAULT_OPEN_FOOD_FACTS_URL = 'https://world.openfoodfacts.org';
const DEFAULT_TIMEOUT_MS = 2_000;
const DEFAULT_RATE_PER_MINUTE = 60;

export interface ProductLookupConfig {
  kind: Exclude<(typeof PRODUCT_LOOKUPS)[number], 'none'>;
  /** The service's origin (and base path), without a trailing slash. */
  baseUrl: string;
}

export interface ProductsConfig {
  /** null: the operator's list alone. */
  lookup: ProductLookupConfig | null;
  /** Longest wait for the lookup service: the user is holding the product up. */
  lookupTimeoutMs: number;
  /** Product lookups per minute per user or device (429 beyond). */
  lookupsPerMinute: number;
}

const ProductsEnv = z.object({
  PRODUCT_LOOKUP: z.enum(PRODUCT_LOOKUPS).default('none'),
  PRODUCT_LOOKUP_URL: z.url({ protocol: /^https?$/ }).default(DEFAULT_OPEN_FOOD_FACTS_URL),
  PRODUCT_LOOKUP_TIMEOUT_MS: positiveInt.max(30_000).default(DEFAULT_TIMEOUT_MS),
  PRODUCT_LOOKUPS_PER_MINUTE: positiveInt.default(DEFAULT_RATE_PER_MINUTE),
});

export const productsConfig = configSlice({
  schema: ProductsEnv,
  docs: {
    PRODUCT_LOOKUP: [
      'none',
      "Where the 条码 mode looks a product code up when the back office's product list does not have it: `none` (the list alone), or `open-food-facts` (Open Food Facts' product API at `PRODUCT_LOOKUP_URL`; the code is sent to it).",
    ],
    PRODUCT_LOOKUP_URL: [
      DEFAULT_OPEN_FOOD_FACTS_URL,
      'The Open Food Facts server (or a mirror of it) that `PRODUCT_LOOKUP=open-food-facts` asks.',
    ],
    PRODUCT_LOOKUP_TIMEOUT_MS: [
      String(DEFAULT_TIMEOUT_MS),
      'Longest wait for the product lookup service; past it the code is "unknown".',
    ],
    PRODUCT_LOOKUPS_PER_MINUTE: [
      String(DEFAULT_RATE_PER_MINUTE),
      'Product lookups per minute per user or device (429 beyond).',
    ],
  } satisfies DocsOf<typeof ProductsEnv>,
  read: (e): ProductsConfig => ({
    lookup:
      e.PRODUCT_LOOKUP === 'none'
        ? null
        : { kind: e.PRODUCT_LOOKUP, baseUrl: e.PRODUCT_LOOKUP_URL.replace(/\/+$/, '') },
    lookupTimeoutMs: e.PRODUCT_LOOKUP_TIMEOUT_MS,
    lookupsPerMinute: e.PRODUCT_LOOKUPS_PER_MINUTE,
  }),
});

declare module '../config.ts' {
  interface ModuleConfigs {
    /** The 条码 mode's product lookup service besides the operator's list (none by default). */
    products: ProductsConfig;
  }
}
