import { z } from 'zod';
import { pageOf, pageQuery, Timestamp } from './admin-schema-parts.ts';
import { defineEndpoints } from './endpoint.ts';
import { ProductCode } from './products.ts';

/** The back office's product list (`/bme_admin/products`): codes and the names and notes said for them. */

export const PRODUCT_NAME_MAX = 100;
export const PRODUCT_NOTES_MAX = 500;

export const ProductName = z
  .string({ error: 'errors.product_name_invalid' })
  .trim()
  .min(1, { error: 'errors.product_name_invalid' })
  .max(PRODUCT_NAME_MAX, { error: 'errors.product_name_invalid' });

export const ProductNotes = z
  .string({ error: 'errors.product_notes_too_long' })
  .trim()
  .max(PRODUCT_NOTES_MAX, { error: 'errors.product_notes_too_long' });

export const AdminProduct = z.object({
  code: z.string(),
  name: z.string(),
  notes: z.string(),
  updatedAt: Timestamp,
  /** The admin who last changed it (null: that admin is gone). */
  updatedBy: z.string().nullable(),
});
export type AdminProduct = z.infer<typeof AdminProduct>;

export const AdminProductsQuery = z.strictObject({
  /** Part of a code or of a name. */
  q: z.string().trim().max(100, { error: 'errors.search_too_long' }).optional(),
  ...pageQuery,
});
export type AdminProductsQuery = z.input<typeof AdminProductsQuery>;

/** Newest change first. */
export const AdminProductsPage = pageOf(AdminProduct);
export type AdminProductsPage = z.infer<typeof AdminProductsPage>;

export const AdminProductRequest = z.strictObject({
  code: ProductCode,
  name: ProductName,
  notes: ProductNotes.default(''),
});
export type AdminProductRequest = z.input<typeof AdminProductRequest>;

export const AdminProductCodeRequest = z.strictObject({ code: ProductCode });
export type AdminProductCodeRequest = z.input<typeof AdminProductCodeRequest>;

export const productAdminEndpoints = defineEndpoints({
  adminProducts: {
    method: 'GET',
    path: '/api/admin/products',
    access: 'admin',
    query: AdminProductsQuery,
    data: AdminProductsPage,
  },
  createProduct: {
    method: 'POST',
    path: '/api/admin/products',
    access: 'admin',
    body: AdminProductRequest,
    data: AdminProduct,
  },
  /** Its name and notes (the code names the product and stays). */
  updateProduct: {
    method: 'PATCH',
    path: '/api/admin/products',
    access: 'admin',
    body: AdminProductRequest,
    data: AdminProduct,
  },
  deleteProduct: {
    method: 'POST',
    path: '/api/admin/products/delete',
    access: 'admin',
    body: AdminProductCodeRequest,
    data: z.null(),
  },
});

declare module './admin-endpoints.ts' {
  interface FeatureAdminEndpoints {
    products: typeof productAdminEndpoints;
  }
}
