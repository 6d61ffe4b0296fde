import { z } from 'zod';

type Env = Record<string, string | undefined>;

/** An env value that may be missing; blank counts as missing. */
export const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** A whole number above zero, as env text. */
export const positiveInt = z.coerce.number().int().positive();

/**
 * A config slice read from the environment, or one "Invalid configuration" error that lists every
 * problem (each zod issue, or the slice's own rule), so a bad start says all that is wrong at once.
 */
export function sliceOrThrow<T>(read: (env: Env) => T, env: Env): T {
  try {
    return read(env);
  } catch (err) {
    const problems =
      err instanceof z.ZodError
        ? err.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
        : [`  ${(err as Error).message}`];
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
}
