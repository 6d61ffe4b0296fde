/**
 * The one shape of the server's configuration: each group of environment variables is a slice
 * (its own file in this folder) that says how its variables parse, how they are documented and
 * what the server gets from them. `config.ts` gathers the slices; this file reads them.
 */
import { z } from 'zod';

export type Env = Record<string, string | undefined>;

/** What a slice may need besides its variables: relative paths are resolved against `cwd`. */
export interface ReadContext {
  cwd: string;
}

/** The configuration table's rows: variable → [default as shown, what it does]. */
export type ConfigDocs = Readonly<Record<string, readonly [string, string]>>;

/**
 * The rows a slice owes (`docs: {…} satisfies DocsOf<typeof Env>`): one for each variable of its
 * schema, except those it shares with the slice that documents them.
 */
export type DocsOf<Schema extends z.ZodType, Shared extends string = never> = Record<
  Exclude<keyof z.input<Schema>, Shared>,
  readonly [string, string]
>;

export interface ConfigSlice<Schema extends z.ZodType, Value> {
  /**
   * The slice's variables, env text → typed values with their defaults. A rule across variables
   * that names the variable to fix is a refinement here, so that every break of it is listed.
   */
  schema: Schema;
  /** The rows of the variables this slice owns (a variable shared by slices is documented once). */
  docs: ConfigDocs;
  /** The typed values → what the server uses; throws an Error for a rule the schema cannot state. */
  read(values: z.output<Schema>, context: ReadContext): Value;
}

/** Writes a slice with its types inferred from the schema and `read`. */
export const configSlice = <Schema extends z.ZodType, Value>(
  slice: ConfigSlice<Schema, Value>,
): ConfigSlice<Schema, Value> => slice;

/** An env value that may be missing; blank counts as missing. */
export const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** A whole number above zero, as env text. */
export const positiveInt = z.coerce.number().int().positive();

/** A TCP port, as env text (0: any free one). */
export const port = z.coerce.number().int().min(0).max(65535);

/** The trimmed, non-empty items of comma-separated text. */
export const splitList = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Comma-separated env text as its items. */
export const commaList = z.string().transform(splitList);

/**
 * The one problem formatter: a zod error gives a line per issue ("  VARIABLE: message", or
 * "  message" for a rule across variables), any other error its message.
 */
export function problemLines(err: unknown): string[] {
  if (err instanceof z.ZodError) {
    return err.issues.map((i) => `  ${i.path.length > 0 ? `${i.path.join('.')}: ` : ''}${i.message}`);
  }
  return [`  ${err instanceof Error ? err.message : String(err)}`];
}

type SliceValues<Slices extends Record<string, ConfigSlice<z.ZodType, unknown>>> = {
  [Name in keyof Slices]: ReturnType<Slices[Name]['read']>;
};

/**
 * Reads every slice from the environment, or throws one "Invalid configuration" error listing
 * the problems of all of them, so a bad start says all that is wrong at once. An empty variable
 * means "not set", as it does in most .env tooling.
 */
export function readSlices<Slices extends Record<string, ConfigSlice<z.ZodType, unknown>>>(
  slices: Slices,
  env: Env,
  context: ReadContext = { cwd: process.cwd() },
): SliceValues<Slices> {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [name, slice] of Object.entries(slices)) {
    try {
      values[name] = slice.read(slice.schema.parse(present), context);
    } catch (err) {
      problems.push(...problemLines(err));
    }
  }
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  return values as SliceValues<Slices>;
}

/** One slice read alone (its tests, and the defaults tests start from). */
export const readSlice = <Value>(slice: ConfigSlice<z.ZodType, Value>, env: Env): Value =>
  readSlices({ slice }, env).slice;
