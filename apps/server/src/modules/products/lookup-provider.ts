import type { Locale } from '@sfm/protocol';
import type { ProductLookupConfig } from '../../config/products-config.ts';

/** A product as a lookup service names it. */
export interface ProvidedProduct {
  name: string;
}

/**
 * A service that names products by their code, asked when the operator's list does not know one.
 * It answers null for a code it does not know, and throws when it could not be asked (down, slow):
 * the caller says "unknown" either way and logs the second.
 */
export interface ProductLookupProvider {
  readonly name: string;
  lookup(code: string, locale: Locale, signal: AbortSignal): Promise<ProvidedProduct | null>;
}

/** Open Food Facts' answer, the fields asked for (a code it lacks is status 0, or a 404). */
interface OpenFoodFactsAnswer {
  status?: number;
  product?: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Open Food Facts (a free, open database of food products): its product API v2, asking only for
 * the names. The product's name in the user's language where it has one, else its common name,
 * with its brand before it.
 */
export function openFoodFacts(baseUrl: string): ProductLookupProvider {
  return {
    name: 'open-food-facts',
    async lookup(code, locale, signal) {
      const language = locale === 'en' ? 'en' : 'zh';
      const fields = `product_name,product_name_${language},brands`;
      const response = await fetch(
        `${baseUrl}/api/v2/product/${encodeURIComponent(code)}.json?fields=${fields}`,
        {
          signal,
          headers: { accept: 'application/json', 'user-agent': 'SeeForMe/1.0 (product lookup)' },
        },
      );
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`open food facts answered ${response.status}`);
      const answer = (await response.json()) as OpenFoodFactsAnswer;
      if (answer.status !== 1 || !answer.product) return null;
      const name = text(answer.product[`product_name_${language}`]) || text(answer.product.product_name);
      if (!name) return null;
      const brand = text(answer.product.brands).split(',')[0]?.trim() ?? '';
      return { name: brand && !name.includes(brand) ? `${brand} ${name}` : name };
    },
  };
}

/** The configured service, or null for none (a fresh install: the operator's list alone). */
export function productLookupProvider(config: ProductLookupConfig | null): ProductLookupProvider | null {
  if (!config) return null;
  switch (config.kind) {
    case 'open-food-facts':
      return openFoodFacts(config.baseUrl);
  }
}
