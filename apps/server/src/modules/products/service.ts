import type { Locale } from '@sfm/protocol';
import type { ProductLookup } from '@sfm/protocol/products';
import type { AuditAction } from '@sfm/protocol/admin';
import type { AdminProduct, AdminProductsPage, AdminProductsQuery } from '@sfm/protocol/products-admin';
import type { Logger } from 'pino';
import { AppError } from '../../app-error.ts';
import type { AdminActor, AuditLog } from '../../audit/audit-log.ts';
import type { Database } from '../../db/database.ts';
import type { People } from '../../module-context.ts';
import type { Clock } from '../../security/clock.ts';
import type { ProductLookupProvider } from './lookup-provider.ts';
import { ProductsRepo, type ProductRow } from './repo.ts';

const notFound = () => new AppError(404, 'errors.product_not_found');

export interface ProductsDeps {
  db: Database;
  audit: AuditLog;
  people: People;
  clock: Clock;
  logger: Logger;
  /** null: no lookup service (the operator's list alone). */
  provider: ProductLookupProvider | null;
  providerTimeoutMs: number;
}

/** A product as its audit rows record it. */
const audited = (row: ProductRow) => ({ name: row.name, notes: row.notes });

/** The product list: the 条码 mode's lookups, and the back office's list of products. */
export class ProductsService {
  private readonly products: ProductsRepo;

  constructor(private readonly deps: ProductsDeps) {
    this.products = new ProductsRepo(deps.db);
  }

  /** GET /api/products/lookup: the operator's list first, then the lookup service, else unknown. */
  async lookup(code: string, locale: Locale, signal: AbortSignal): Promise<ProductLookup> {
    const listed = await this.products.find(code);
    if (listed) return { code, name: listed.name, notes: listed.notes, source: 'list' };
    const provided = await this.ask(code, locale, signal);
    return provided
      ? { code, name: provided.name, notes: '', source: 'provider' }
      : { code, name: null, notes: '', source: null };
  }

  /** The lookup service's name for the code, or null (none configured, unknown, slow or down). */
  private async ask(code: string, locale: Locale, signal: AbortSignal) {
    const { provider, providerTimeoutMs, logger } = this.deps;
    if (!provider) return null;
    try {
      return await provider.lookup(
        code,
        locale,
        AbortSignal.any([signal, AbortSignal.timeout(providerTimeoutMs)]),
      );
    } catch (error) {
      if (!signal.aborted) {
        logger.warn(
          { provider: provider.name, err: error instanceof Error ? error.message : error },
          'product lookup failed',
        );
      }
      return null;
    }
  }

  async page(query: AdminProductsQuery & { page: number; pageSize: number }): Promise<AdminProductsPage> {
    const { page, pageSize } = query;
    const { rows, total } = await this.products.page(query.q || undefined, (page - 1) * pageSize, pageSize);
    return {
      items: rows.map((row) => this.toAdmin(row, row.updatedByName)),
      total,
      page,
      pageSize,
    };
  }

  async create(
    actor: AdminActor,
    request: { code: string; name: string; notes: string },
  ): Promise<AdminProduct> {
    const row = await this.deps.audit.change(actor, async (tx) => {
      const inserted = await new ProductsRepo(tx).insert({
        ...request,
        updatedAt: this.deps.clock(),
        updatedBy: actor.adminId,
      });
      if (!inserted) throw new AppError(409, 'errors.product_exists');
      return this.entry('product.create', inserted, null, audited(inserted), inserted);
    });
    return this.toAdmin(row, await this.adminName(actor));
  }

  async update(
    actor: AdminActor,
    request: { code: string; name: string; notes: string },
  ): Promise<AdminProduct> {
    const row = await this.deps.audit.change(actor, async (tx) => {
      const repo = new ProductsRepo(tx);
      const before = await repo.findForUpdate(request.code);
      if (!before) throw notFound();
      const after = await repo.update(request.code, {
        name: request.name,
        notes: request.notes,
        updatedAt: this.deps.clock(),
        updatedBy: actor.adminId,
      });
      return this.entry('product.update', after, audited(before), audited(after), after);
    });
    return this.toAdmin(row, await this.adminName(actor));
  }

  async delete(actor: AdminActor, code: string): Promise<null> {
    return this.deps.audit.change(actor, async (tx) => {
      const repo = new ProductsRepo(tx);
      const before = await repo.findForUpdate(code);
      if (!before) throw notFound();
      await repo.delete(code);
      return this.entry('product.delete', before, audited(before), null, null);
    });
  }

  private async adminName(actor: AdminActor): Promise<string | null> {
    return (await this.deps.people.admin(actor.adminId))?.username ?? null;
  }

  private toAdmin(row: ProductRow, updatedBy: string | null): AdminProduct {
    return {
      code: row.code,
      name: row.name,
      notes: row.notes,
      updatedAt: row.updatedAt.toISOString(),
      updatedBy,
    };
  }

  private entry<T>(
    action: AuditAction,
    row: ProductRow,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
    result: T,
  ) {
    return {
      action,
      targetType: 'product' as const,
      targetId: row.code,
      targetLabel: row.name,
      before,
      after,
      result,
    };
  }
}
