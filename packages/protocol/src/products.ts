import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';

/**
 * Product codes (the 条码 mode): the number under a product's barcode, looked up for its name in the
 * operator's product list, then in a configured lookup service.
 */

/** A GTIN: EAN-8 (8 digits), UPC-A (12), EAN-13 (13) or GTIN-14 (14), its last digit the check digit. */
const GTIN_PATTERN = /^(\d{8}|\d{12,14})$/;

/** Whether a GTIN's last digit is the check digit of the ones before it (weights 3, 1, … from the right). */
export function gtinCheckDigitOk(code: string): boolean {
  const digits = [...code].map(Number);
  const check = digits.pop();
  const sum = digits.reverse().reduce((total, d, i) => total + d * (i % 2 === 0 ? 3 : 1), 0);
  return check === (10 - (sum % 10)) % 10;
}

/** One product, one key: a UPC-A is the EAN-13 with a leading zero, and is kept as that. */
export const canonicalProductCode = (code: string): string => (code.length === 12 ? `0${code}` : code);

export const ProductCode = z
  .string({ error: 'errors.product_code_invalid' })
  .trim()
  .regex(GTIN_PATTERN, { error: 'errors.product_code_invalid' })
  .refine(gtinCheckDigitOk, { error: 'errors.product_code_invalid' })
  .transform(canonicalProductCode);

export const ProductLookupQuery = z.strictObject({ code: ProductCode });
export type ProductLookupQuery = z.input<typeof ProductLookupQuery>;

/** Where a product's name came from: the operator's list, the configured lookup service, or nowhere. */
export const ProductSource = z.enum(['list', 'provider']);
export type ProductSource = z.infer<typeof ProductSource>;

export const ProductLookup = z.object({
  /** The code as looked up (a UPC-A as its EAN-13). */
  code: z.string(),
  /** null: neither the list nor the lookup service knows it. */
  name: z.string().nullable(),
  /** What the operator noted (allergens, a dosage); empty when none. */
  notes: z.string(),
  source: ProductSource.nullable(),
});
export type ProductLookup = z.infer<typeof ProductLookup>;

export const productEndpoints = defineEndpoints({
  /** Answers from the operator's list first, then the configured lookup service; rate limited. */
  productLookup: {
    method: 'GET',
    path: '/api/products/lookup',
    access: 'identity',
    query: ProductLookupQuery,
    data: ProductLookup,
  },
});

declare module './endpoints.ts' {
  interface FeatureEndpoints {
    products: typeof productEndpoints;
  }
}
