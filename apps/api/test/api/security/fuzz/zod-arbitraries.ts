import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries read off a zod v4 schema (its `_zod.def` tree): `valid(schema)` makes
 * plausible values, `bad(schema)` makes values aimed at breaking it. For an object, `bad` keeps
 * most fields plausible and breaks at least one, so the input gets as deep as it can before the
 * one wrong field is noticed; hostile keys (`__proto__`, `constructor`) ride along.
 *
 * Whether an input is really wrong is decided afterwards by the schema itself (`rejects`), not
 * by this file: a "bad" value that happens to be valid is simply not sent as a bad input.
 */

type AnySchema = z.core.$ZodType;
interface Def {
  type: string;
  format?: string;
  coerce?: boolean;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, AnySchema>;
  innerType?: AnySchema;
  element?: AnySchema;
  in?: AnySchema;
  out?: AnySchema;
  options?: AnySchema[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  left?: AnySchema;
  right?: AnySchema;
  valueType?: AnySchema;
}
interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  value?: number | bigint | Date;
  inclusive?: boolean;
}

const defOf = (s: AnySchema): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Strings that have broken parsers, databases and terminals before. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '\uD800',
  'x\uDC00y',
  '\u202Egnp.exe',
  '\u200B',
  '\uFEFF',
  '💥'.repeat(300),
  'x'.repeat(10_001),
  'y'.repeat(70_000),
  '<script>alert(1)</script>',
  '<svg onload=alert(1)>',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '\u0024{jndi:ldap://x/a}',
  '{{7*7}}',
  '../../../../etc/passwd',
  '=HYPERLINK("http://x")',
  '@SUM(1+1)',
  'z\n@SUM(9)',
  'a\r\nb',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '0x10',
  '1e400',
  '-1',
  '٣',
  '1_000',
] as const;

/** Numbers outside what any column holds, and the in-betweens that coercion gets wrong. */
export const NASTY_NUMBERS = [
  -1,
  0,
  0.5,
  -0.000001,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 53 + 2,
  1e21,
  -1e308,
  1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
] as const;

/** Dates that do not exist, or that loose parsers turn into other dates. */
export const IMPOSSIBLE_DATES = [
  '2026-02-30T10:00:00Z',
  '2026-02-29T00:00:00Z',
  '2026-13-01T00:00:00Z',
  '2026-00-10T00:00:00Z',
  '2026-04-31T12:00:00Z',
  '2026-01-01T24:00:01Z',
  '2026-01-01T10:60:00Z',
  '0000-00-00T00:00:00Z',
  '9999-99-99T99:99:99Z',
  '+275760-09-13T00:00:00.001Z',
  '-000001-01-01T00:00:00Z',
  '2026-01-01',
  '1',
  '01/02/2026',
  'mañana',
] as const;

/** Values that are no JSON scalar at all: containers, deep nesting, prototype keys. */
function deep(depth: number, leaf: unknown): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}
const protoObject = () => JSON.parse('{"__proto__":{"role":"admin","isAdmin":true}}') as unknown;
const constructorObject = () => ({ constructor: { prototype: { role: 'admin' } } });

export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(...IMPOSSIBLE_DATES) },
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      [],
      {},
      [3],
      ['1', '2'],
      { id: 1 },
      [null],
      deep(64, 'x'),
      deep(2_000, 1),
      Array.from({ length: 5_000 }, (_, i) => i),
    ),
  },
  { weight: 1, arbitrary: fc.constant(null).map(protoObject) },
  { weight: 1, arbitrary: fc.constant(null).map(constructorObject) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const checksOf = (d: Def) => (d.checks ?? []).map((c) => c._zod.def);

function bounds(d: Def) {
  let min: number | undefined;
  let max: number | undefined;
  for (const c of checksOf(d)) {
    if (c.check === 'min_length') min = c.minimum;
    if (c.check === 'max_length') max = c.maximum;
    if (c.check === 'length_equals') min = max = c.value as number;
    if (c.check === 'greater_than') min = Number(c.value) + (c.inclusive ? 0 : 1);
    if (c.check === 'less_than') max = Number(c.value) - (c.inclusive ? 0 : 1);
  }
  return { min, max };
}

const stringFormat = (d: Def) =>
  d.format ?? checksOf(d).find((c) => c.check === 'string_format' && c.format !== 'regex')?.format;
const stringPattern = (d: Def) => checksOf(d).find((c) => c.format === 'regex')?.pattern;
const isInteger = (d: Def) =>
  d.format === 'safeint' || d.format === 'int32' || checksOf(d).some((c) => c.check === 'number_format');

/** What the inner schema of a wrapper or pipe is, for generation purposes. */
function unwrap(s: AnySchema): AnySchema {
  const d = defOf(s);
  if (d.type === 'pipe') return defOf(d.in!).type === 'transform' ? d.out! : d.in!;
  return s;
}

/** A plausible value: valid for simple fields, near-valid for the rest. */
export function valid(schema: AnySchema, depth = 0): fc.Arbitrary<unknown> {
  const d = defOf(schema);
  switch (d.type) {
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.oneof(fc.constant(undefined), valid(d.innerType!, depth));
    case 'nullable':
      return fc.oneof(fc.constant(null), valid(d.innerType!, depth));
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return valid(d.innerType!, depth);
    case 'pipe':
      return valid(unwrap(schema), depth);
    case 'object': {
      const shape = d.shape ?? {};
      return fc.record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, valid(v, depth + 1)])));
    }
    case 'array': {
      const { min = 0, max = 3 } = bounds(d);
      return fc.array(valid(d.element!, depth + 1), { minLength: min, maxLength: Math.min(max, min + 3) });
    }
    case 'union':
      return fc.oneof(...d.options!.map((o) => valid(o, depth)));
    case 'intersection':
      return valid(d.left!, depth);
    case 'enum':
      return fc.constantFrom(...Object.values(d.entries!));
    case 'literal':
      return fc.constantFrom(...d.values!);
    case 'boolean':
      return fc.boolean();
    case 'number': {
      const { min = 0, max = 1000 } = bounds(d);
      const lo = Math.max(min, -1_000_000);
      const hi = Math.min(max, 1_000_000);
      return isInteger(d) ? fc.integer({ min: lo, max: hi }) : fc.double({ min: lo, max: hi, noNaN: true });
    }
    case 'string': {
      const format = stringFormat(d);
      if (format === 'email') return fc.constantFrom('ana.perez@example.com', 'JUAN@Ejemplo.com.ar');
      if (format === 'datetime')
        return fc
          .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
          .map((x) => x.toISOString());
      if (format === 'date') return fc.constantFrom('2026-03-15', '2026-12-01');
      if (format === 'url') return fc.constantFrom('https://example.com/a.png', 'http://cdn.example.com/x');
      const pattern = stringPattern(d);
      if (pattern) return fc.stringMatching(pattern);
      const { min = 0, max = 40 } = bounds(d);
      return fc.string({ minLength: Math.max(min, 1), maxLength: Math.max(Math.min(max, 40), 1) });
    }
    default:
      return fc.constant('x');
  }
}

/** Values aimed at one schema node: generic nasties plus the ones its own rules suggest. */
export function bad(schema: AnySchema): fc.Arbitrary<unknown> {
  const d = defOf(schema);
  switch (d.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return bad(d.innerType!);
    case 'pipe':
      return bad(unwrap(schema));
    case 'object':
      return badObject(schema);
    case 'array': {
      const { max = 50 } = bounds(d);
      return fc.oneof(
        nastyValue,
        fc.array(bad(d.element!), { minLength: 1, maxLength: 3 }),
        fc.constant(Array.from({ length: Math.min(max + 1, 20_000) }, () => 1)),
      );
    }
    case 'enum': {
      const entries = Object.values(d.entries!).map(String);
      return fc.oneof(
        nastyValue,
        fc.constantFrom(
          ...entries.flatMap((e) => [e.toUpperCase(), ` ${e}`, `${e}\u0000`, `${e}\u202E`, `${e}[]`]),
        ),
      );
    }
    case 'number': {
      const { min, max } = bounds(d);
      const edges: unknown[] = [];
      if (min !== undefined) edges.push(min - 1, String(min - 1), min - 0.5);
      if (max !== undefined) edges.push(max + 1, String(max + 1), String(max + 1e6), max + 0.5);
      if (isInteger(d)) edges.push(1.5, '1.5', '0x10', '1e3', '0b11', '0o7', ' 7 ', '+7', '7abc');
      edges.push('9'.repeat(400), '-0', '', ' ', true, [3], '٣');
      return fc.oneof(nastyValue, fc.constantFrom(...edges));
    }
    case 'boolean':
      return fc.oneof(nastyValue, fc.constantFrom('maybe', 2, -1, 'TRUE ', 'sí', [true], { v: true }));
    case 'string': {
      const format = stringFormat(d);
      const { min, max } = bounds(d);
      const edges: unknown[] = [123, 0, true, null, ['a'], { a: 'b' }];
      if (max !== undefined) edges.push('ñ'.repeat(max + 1), '😀'.repeat(max + 1));
      if (min !== undefined && min > 0) edges.push('', ' '.repeat(min), 'a'.repeat(min - 1));
      if (format === 'email')
        edges.push('sin-arroba', 'a@', '@b.com', 'a b@c.com', 'a@b.c\u0000', `${'a'.repeat(300)}@x.com`);
      if (format === 'datetime' || format === 'date') edges.push(...IMPOSSIBLE_DATES);
      if (format === 'url') edges.push('javascript:alert(1)', 'data:image/svg+xml,<svg/>', 'notaurl', '//x');
      if (stringPattern(d)) edges.push('#GGGGGG', '#12345', 'red', '#1234567');
      return fc.oneof(nastyValue, fc.constantFrom(...edges));
    }
    default:
      return nastyValue;
  }
}

const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'id',
  'role',
  'password_hash',
  '_method',
  'toString',
];

/** The fields of an object schema, through wrappers, pipes and intersections (`a.and(b)`). */
function shapeOf(schema: AnySchema): Record<string, AnySchema> {
  const d = defOf(schema);
  if (d.type === 'object') return d.shape ?? {};
  if (d.type === 'intersection') return { ...shapeOf(d.left!), ...shapeOf(d.right!) };
  if (d.type === 'pipe') return shapeOf(unwrap(schema));
  if (d.innerType) return shapeOf(d.innerType);
  return {};
}

/** An object where at least one field is wrong, the rest plausible, with hostile extra keys. */
export function badObject(schema: AnySchema): fc.Arbitrary<unknown> {
  const shape = shapeOf(schema);
  const keys = Object.keys(shape);
  const whole = fc.oneof(nastyValue, fc.constantFrom<unknown>(null, [], 'texto', 42, deep(3_000, { a: 1 })));
  if (keys.length === 0) return whole;
  const fields = fc
    .tuple(
      fc.subarray(keys, { minLength: 1 }),
      fc.record(Object.fromEntries(keys.map((k) => [k, valid(shape[k]!, 1)]))),
      fc.array(fc.tuple(fc.constantFrom(...HOSTILE_KEYS), nastyValue), { maxLength: 2 }),
      fc.boolean(),
    )
    .chain(([broken, base, extras, dropOthers]) =>
      fc.tuple(...broken.map((k) => fc.oneof(bad(shape[k]!), fc.constant(undefined)))).map((values) => {
        const out: Record<string, unknown> = {};
        for (const k of keys) {
          if (dropOthers && !broken.includes(k)) continue;
          if ((base as Record<string, unknown>)[k] !== undefined)
            out[k] = (base as Record<string, unknown>)[k];
        }
        broken.forEach((k, i) => {
          if (values[i] === undefined) delete out[k];
          else out[k] = values[i];
        });
        // Own properties, also for __proto__ (as JSON.parse makes them).
        for (const [k, v] of extras)
          Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
        return out;
      }),
    );
  return fc.oneof({ weight: 9, arbitrary: fields }, { weight: 1, arbitrary: whole });
}

/** True when the schema refuses the value (a throw inside a preprocess counts as refusing). */
export function rejects(schema: AnySchema | undefined, value: unknown): boolean {
  if (!schema) return false;
  try {
    return !(schema as z.ZodType).safeParse(value).success;
  } catch {
    return true;
  }
}
