import { count, desc, eq, ilike, or } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { admins } from '../../db/core-schema.ts';
import { products } from '../../db/products-schema.ts';

export type ProductRow = typeof products.$inferSelect;
export type ProductWithAdmin = ProductRow & { updatedByName: string | null };

/** `%` and `_` typed by the operator are looked for as themselves. */
const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The products table. */
export class ProductsRepo {
  constructor(private readonly db: Executor) {}

  async find(code: string): Promise<ProductRow | null> {
    const [row] = await this.db.select().from(products).where(eq(products.code, code));
    return row ?? null;
  }

  /** The row, locked until the transaction ends (an admin change reads, then writes). */
  async findForUpdate(code: string): Promise<ProductRow | null> {
    const [row] = await this.db.select().from(products).where(eq(products.code, code)).for('update');
    return row ?? null;
  }

  /** A page of the list, newest change first, where the code or the name contains `q`. */
  async page(
    q: string | undefined,
    offset: number,
    limit: number,
  ): Promise<{ rows: ProductWithAdmin[]; total: number }> {
    const where = q ? or(ilike(products.code, likeText(q)), ilike(products.name, likeText(q))) : undefined;
    const [rows, [counted]] = await Promise.all([
      this.db
        .select({ product: products, updatedByName: admins.username })
        .from(products)
        .leftJoin(admins, eq(admins.id, products.updatedBy))
        .where(where)
        .orderBy(desc(products.updatedAt), products.code)
        .offset(offset)
        .limit(limit),
      this.db.select({ n: count() }).from(products).where(where),
    ]);
    return {
      rows: rows.map((r) => ({ ...r.product, updatedByName: r.updatedByName })),
      total: counted?.n ?? 0,
    };
  }

  /** The new row, or null when the code is listed already. */
  async insert(row: typeof products.$inferInsert): Promise<ProductRow | null> {
    const [inserted] = await this.db.insert(products).values(row).onConflictDoNothing().returning();
    return inserted ?? null;
  }

  async update(
    code: string,
    changes: Pick<ProductRow, 'name' | 'notes' | 'updatedAt' | 'updatedBy'>,
  ): Promise<ProductRow> {
    const [row] = await this.db.update(products).set(changes).where(eq(products.code, code)).returning();
    if (!row) throw new Error(`product ${code} vanished inside its own transaction`);
    return row;
  }

  async delete(code: string): Promise<void> {
    await this.db.delete(products).where(eq(products.code, code));
  }
}
