import { z } from 'zod';

/** What the operator of this server publishes about the site (GET /api/site), from server settings. */
export const SiteInfo = z.object({
  /** The ICP filing number of a site hosted in mainland China, shown in the home footer; null when not set. */
  icpFiling: z.string().min(1).nullable(),
});
export type SiteInfo = z.infer<typeof SiteInfo>;
