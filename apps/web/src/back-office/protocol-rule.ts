import { apiText } from '../i18n/index.ts';

/** A schema of the protocol package, as far as a form rule needs it. */
interface ProtocolSchema {
  safeParse(value: unknown): { error?: { issues: readonly { message: string }[] } };
}

/**
 * An antd form rule checking a field with the protocol's own schema, so the form refuses with the
 * words the server would, before asking it. `toInput` turns what the field holds into what the
 * schema reads (by default an untouched field is an empty text).
 */
export const protocolRule = (
  schema: ProtocolSchema,
  toInput: (value: unknown) => unknown = (v) => v ?? '',
) => ({
  validator: (_: unknown, value: unknown) => {
    const issue = schema.safeParse(toInput(value)).error?.issues[0];
    return issue ? Promise.reject(new Error(apiText(issue.message))) : Promise.resolve();
  },
});
