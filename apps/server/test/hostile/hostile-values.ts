import fc from 'fast-check';
import { z } from 'zod';

/** The part of JSON Schema that zod's `toJSONSchema` writes for the protocol's schemas. */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

/** Valid-ish strings stay short: the fuzz is about shapes, not about filling the body limit. */
const SHORT = 24;

/** Strings that broke parsers, databases and terminals before. */
export const EDGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '\u202eevil',
  '\u200b\u200c\u200d\ufeff',
  '👨‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0301\u0301',
  'İıß',
  '１２３４５６',
  '١٢٣٤٥',
  '\r\n\t\u2028\u2029',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%2e%2e%2f%00',
  '${jndi:ldap://x}',
  '{{constructor.constructor("return process")()}}',
  'NaN',
  '-0',
  '1e309',
  'true',
  'null',
  '__proto__',
];

/** Keys a hand-written merge or lookup could trip over. */
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

const json = (): fc.Arbitrary<unknown> => fc.jsonValue({ maxDepth: 3 }).map((v) => v as unknown);

/** Any JSON value of another kind than the field expects, or a pathological one. */
const wrongTyped = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom<unknown>(null, true, false, 0, -1, 1e308, -1e308, 2 ** 53 + 1, 0.5, [], {}, [[[[]]]]),
    fc.constantFrom(...EDGE_STRINGS),
    json(),
    fc.integer({ min: 1, max: 60 }).map((depth) => nested(depth)),
  );

/** `{"a":{"a":…}}` that deep: recursion in a validator or a logger. */
function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** A value far bigger than any field allows, yet under the body limit. */
const huge = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.integer({ min: 10_000, max: 300_000 }).map((n) => 'a'.repeat(n)),
    fc.integer({ min: 1_000, max: 50_000 }).map((n) => '汉'.repeat(n)),
    fc.integer({ min: 1_000, max: 20_000 }).map((n) => Array.from({ length: n }, (_, i) => i)),
    fc.constant(Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i]))),
  );

function resolve(node: JsonSchema, root: JsonSchema): JsonSchema {
  if (!node.$ref) return node;
  const name = node.$ref.replace(/^#\/\$defs\//, '');
  return root.$defs?.[name] ?? {};
}

const FORMATS: Record<string, () => fc.Arbitrary<string>> = {
  uuid: () => fc.uuid(),
  'date-time': () =>
    fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString()),
  date: () =>
    fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
  email: () => fc.emailAddress(),
  uri: () => fc.webUrl(),
  url: () => fc.webUrl(),
};

function stringArbitrary(node: JsonSchema): fc.Arbitrary<string> {
  const format = node.format && FORMATS[node.format];
  if (format) return format();
  if (node.pattern) {
    try {
      return fc.stringMatching(new RegExp(node.pattern), { size: 'xsmall' });
    } catch {
      // a pattern fast-check cannot invert: plain strings, which the server must refuse cleanly
    }
  }
  const min = node.minLength ?? 0;
  const max = Math.max(min, Math.min(node.maxLength ?? SHORT, SHORT));
  if (min > SHORT) return fc.constant('a'.repeat(min));
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme' });
}

function numberArbitrary(node: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : -1000);
  const max = node.maximum ?? (node.exclusiveMaximum !== undefined ? node.exclusiveMaximum - 1 : 1000);
  const lo = Math.max(Number.MIN_SAFE_INTEGER, Math.min(min, max));
  const hi = Math.min(Number.MAX_SAFE_INTEGER, Math.max(min, max));
  return integer
    ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) })
    : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
}

/** Values the schema accepts, or nearly (refinements JSON Schema cannot say are left to chance). */
function validish(node: JsonSchema, root: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(node, root);
  if (depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((s) => validish(s, root, depth + 1)));
  if (schema.allOf?.[0]) return validish(schema.allOf[0], root, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => validish({ ...schema, type }, root, depth)));
  // no type at all (`{}`, what zod writes for `unknown`): any JSON value
  switch (types[0] ?? 'any') {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map((s) => validish(s, root, depth + 1)));
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, 3));
      return fc.array(validish(schema.items ?? {}, root, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const required = schema.required ?? [];
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(properties)) record[key] = validish(child, root, depth + 1);
      return fc.record(record, { requiredKeys: required.filter((k) => k in properties) });
    }
    default:
      return json();
  }
}

/** Sets an own, enumerable key (so `__proto__` is a key JSON.stringify writes, not the prototype). */
function withKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy = { ...target };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** One generated input and what was done to it, for the failure report. */
export interface HostileInput {
  mutation: string;
  value: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/** A key of the value to spoil, or a fresh one when it has none. */
const pickKey = (value: Record<string, unknown>, index: number): string => {
  const keys = Object.keys(value);
  return keys.length ? (keys[index % keys.length] as string) : 'field';
};

/**
 * Inputs built from a protocol schema and then spoiled: valid-ish as generated, a field missing,
 * an extra or prototype key, a field of the wrong type, huge, or an awkward Unicode string, or a
 * body that is no object at all. Without a schema the starting point is an empty object.
 */
export function hostileInputs(schema: z.ZodType | undefined): fc.Arbitrary<HostileInput> {
  const root = schema ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : {};
  const base = schema ? validish(root, root) : fc.constant<unknown>({});
  const index = fc.nat();
  const spoil = (mutation: string, how: (v: Record<string, unknown>, i: number) => fc.Arbitrary<unknown>) =>
    fc.tuple(base, index).chain(([value, i]) => {
      const object = isRecord(value) ? value : {};
      return how(object, i).map((spoiled) => ({ mutation, value: spoiled }));
    });
  return fc.oneof(
    base.map((value) => ({ mutation: 'valid-ish', value })),
    spoil('missing', (v, i) => {
      const copy = { ...v };
      delete copy[pickKey(v, i)];
      return fc.constant(copy);
    }),
    spoil('extra', (v) =>
      fc
        .tuple(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 10 })), json())
        .map(([key, extra]) => withKey(v, key, extra)),
    ),
    spoil('prototype', (v) =>
      fc
        .constantFrom(...PROTOTYPE_KEYS)
        .map((key) => withKey(v, key, { isAdmin: true, role: 'super_admin', polluted: 1 })),
    ),
    spoil('wrong-typed', (v, i) => wrongTyped().map((bad) => withKey(v, pickKey(v, i), bad))),
    spoil('huge', (v, i) => huge().map((big) => withKey(v, pickKey(v, i), big))),
    spoil('unicode', (v, i) =>
      fc.constantFrom(...EDGE_STRINGS).map((text) => withKey(v, pickKey(v, i), text)),
    ),
    fc.oneof(wrongTyped(), huge()).map((value) => ({ mutation: 'not-an-object', value })),
  );
}
