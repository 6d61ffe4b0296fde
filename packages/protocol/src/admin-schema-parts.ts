import { z } from 'zod';
import { UUID } from './ids.ts';

/** The building blocks the back office's schemas share (not exported from `@sfm/protocol/admin`). */

// Plain strings and regexes, not zod's datetime and uuid checks: those would join the user app's
// zod chunk (a shared vendor chunk) only for the back office's sake.
/** An instant as `Date.toISOString()` writes it. */
export const Timestamp = z.string();
export const Id = (error: `errors.${string}`) => z.string({ error }).regex(UUID, { error });
export const Count = z.number().int().min(0);

/** The `page`/`pageSize` query of a paged table (page 1, 20 rows unless asked). */
export const pageQuery = {
  page: z.coerce
    .number({ error: 'errors.page_invalid' })
    .int({ error: 'errors.page_invalid' })
    .min(1, { error: 'errors.page_invalid' })
    .default(1),
  pageSize: z.coerce
    .number({ error: 'errors.page_size_invalid' })
    .int({ error: 'errors.page_size_invalid' })
    .min(1, { error: 'errors.page_size_invalid' })
    .max(100, { error: 'errors.page_size_invalid' })
    .default(20),
};

/** One page of a paged table, with the total the pager counts from. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: Count, page: z.number().int(), pageSize: z.number().int() });
