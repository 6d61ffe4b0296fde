import { z } from 'zod';

/** Every JSON answer of the API: `code` equals the HTTP status, 200 on success. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), message: z.string(), data });

export type Envelope<T> = { code: number; message: string; data: T };

/** What an error answer carries in `data`: a stable key the client can map to its own words. */
export const ApiErrorData = z
  .object({
    error: z.string(),
    /** For validation errors: the path of the first offending field, e.g. "phone". */
    field: z.string().optional(),
  })
  .nullable();
export type ApiErrorData = z.infer<typeof ApiErrorData>;

export const ApiError = envelope(ApiErrorData);
export type ApiError = z.infer<typeof ApiError>;
