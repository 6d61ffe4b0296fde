import { apiText } from '../../i18n/index.ts';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

interface SafeParser {
  safeParse(input: unknown): {
    success: boolean;
    error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
  };
}

/**
 * Validates with a protocol schema and returns the first message per field, translated from its
 * message key ("errors.phone_invalid") through the protocol catalogue. Empty object = valid.
 */
export function validateWith<F extends string>(schema: SafeParser, input: unknown): FieldErrors<F> {
  const result = schema.safeParse(input);
  const errors: FieldErrors<F> = {};
  if (result.success || !result.error) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (!(field in errors)) errors[field] = apiText(issue.message);
  }
  return errors;
}

/** The first error in display order. */
export function firstError<F extends string>(errors: FieldErrors<F>, order: readonly F[]): F | undefined {
  return order.find((f) => errors[f]);
}

/** People paste numbers with spaces or dashes: the schema wants the 11 digits. */
export function normalizePhone(value: string): string {
  return value.replace(/[\s-]/g, '');
}
