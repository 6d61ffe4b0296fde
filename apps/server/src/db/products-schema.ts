import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { admins } from './core-schema.ts';

/**
 * The operator's product list (modules/products): what the 条码 mode says for a product code, kept
 * by the back office, so a community or a pharmacy can name the products its users meet, with notes
 * such as allergens or a dosage. A code is a GTIN, a UPC-A stored as its EAN-13.
 */
export const products = pgTable(
  'products',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    notes: text('notes').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // the admin who last changed it; kept when the admin account is gone
    updatedBy: uuid('updated_by').references(() => admins.id, { onDelete: 'set null' }),
  },
  (t) => [index('products_updated_idx').on(t.updatedAt.desc(), t.code)],
);
