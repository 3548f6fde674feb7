import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Response serialisation compiled once per route and status code from the zod response schema.
 *
 * fastify-type-provider-zod's serializer runs `z.encode` on every answer (a full parse that
 * builds a copy of the data) and then `JSON.stringify`. This one walks the schema once and
 * builds a writer per node that emits the JSON text directly, with the same result:
 * - only the keys the schema declares, in the schema's order (zod's default "strip"): a row
 *   with `password_hash` never sends it;
 * - `undefined` optional keys left out, `null` written for nullables, dates as ISO strings
 *   (`Date#toJSON`), strings through `JSON.stringify`;
 * - every value checked against its type (typeof, enum and literal members, object, array).
 *
 * When the data does not fit those checks, or a node is one the writers do not cover (pipes,
 * transforms, plain unions of objects, intersections, tuples, loose or strict objects...), zod's
 * own serializer does the work, so the answer, or the 500 for a response that breaks its schema,
 * is exactly what it was. What this path does not repeat are refinements on valid types
 * (string formats and lengths, integer and range checks): those describe the contract in the
 * OpenAPI document, and the data comes from our own database.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const fallback = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  if (!(route.schema instanceof z.ZodType)) return fallback;
  const write = compile(route.schema);
  return (data) => {
    try {
      const json = write(data);
      if (json !== undefined) return json;
    } catch (error) {
      if (!(error instanceof Mismatch)) throw error;
    }
    return fallback(data);
  };
};

/** JSON text of a value, or undefined for "leave this key out". Throws Mismatch when unsure. */
type Writer = (value: unknown) => string | undefined;

/** The data does not fit what the fast path checks: zod decides (and names the error). */
class Mismatch extends Error {}
const MISMATCH = new Mismatch('response does not fit the compiled writer');
const mismatch = (): never => {
  throw MISMATCH;
};

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType): Def => schema._zod.def as unknown as Def;

/** The writer of one schema node; memoised so shared and recursive schemas compile once. */
export function compile(schema: z.ZodType, seen = new Map<z.ZodType, Writer>()): Writer {
  const known = seen.get(schema);
  if (known) return known;
  // Schemas that refer to themselves (z.lazy, getters) reach the writer through this forward.
  let writer: Writer | undefined;
  seen.set(schema, (value) => (writer as Writer)(value));
  writer = build(schema, seen);
  seen.set(schema, writer);
  return writer;
}

function build(schema: z.ZodType, seen: Map<z.ZodType, Writer>): Writer {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return (v) => (typeof v === 'string' ? JSON.stringify(v) : mismatch());
    case 'number':
      return (v) => (typeof v === 'number' && Number.isFinite(v) ? `${v}` : mismatch());
    case 'boolean':
      return (v) => (v === true ? 'true' : v === false ? 'false' : mismatch());
    case 'null':
      return (v) => (v === null ? 'null' : mismatch());
    case 'date':
      return (v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? `"${v.toISOString()}"` : mismatch());
    case 'literal':
    case 'enum': {
      const values =
        def.type === 'literal' ? (def.values as unknown[]) : Object.values(def.entries as object);
      if (
        !values.every(
          (m) => typeof m === 'string' || typeof m === 'number' || typeof m === 'boolean' || m === null,
        )
      ) {
        return zodWriter(schema);
      }
      const allowed = new Set(values);
      return (v) => (allowed.has(v) ? JSON.stringify(v) : mismatch());
    }
    case 'any':
    case 'unknown':
      // zod passes the value through; only a missing value is its call (encode refuses it).
      return (v) => (v === undefined ? mismatch() : JSON.stringify(v));
    case 'optional': {
      const inner = compile(def.innerType as z.ZodType, seen);
      return (v) => (v === undefined ? undefined : inner(v));
    }
    case 'nullable': {
      const inner = compile(def.innerType as z.ZodType, seen);
      return (v) => (v === null ? 'null' : inner(v));
    }
    // On the way out zod applies no default: the value must already be there.
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional': {
      const inner = compile(def.innerType as z.ZodType, seen);
      return (v) => (v === undefined ? mismatch() : inner(v));
    }
    case 'lazy':
      return compile((def.getter as () => z.ZodType)(), seen);
    case 'array':
      return arrayWriter(compile(def.element as z.ZodType, seen));
    case 'object':
      return objectWriter(schema, def, seen);
    case 'record':
      return recordWriter(schema, def, seen);
    case 'union':
      return unionWriter(schema, def, seen);
    default:
      return zodWriter(schema);
  }
}

function arrayWriter(item: Writer): Writer {
  return (v) => {
    if (!Array.isArray(v)) return mismatch();
    let out = '[';
    for (let i = 0; i < v.length; i++) {
      const json = item(v[i]);
      if (json === undefined) return mismatch();
      out += i === 0 ? json : `,${json}`;
    }
    return `${out}]`;
  };
}

function objectWriter(schema: z.ZodType, def: Def, seen: Map<z.ZodType, Writer>): Writer {
  // Loose and strict objects keep or refuse unknown keys: zod's call.
  if (def.catchall !== undefined) return zodWriter(schema);
  const shape = def.shape as Record<string, z.ZodType>;
  const fields = Object.keys(shape).map((key) => ({
    key,
    prefix: `${JSON.stringify(key)}:`,
    write: compile(shape[key] as z.ZodType, seen),
  }));
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return mismatch();
    const row = v as Record<string, unknown>;
    let out = '';
    for (const field of fields) {
      const json = field.write(row[field.key]);
      if (json === undefined) continue;
      out += out === '' ? field.prefix + json : `,${field.prefix}${json}`;
    }
    return `{${out}}`;
  };
}

function recordWriter(schema: z.ZodType, def: Def, seen: Map<z.ZodType, Writer>): Writer {
  const keyDef = defOf(def.keyType as z.ZodType);
  if (keyDef.type !== 'string' || (keyDef.checks as unknown[] | undefined)?.length) return zodWriter(schema);
  const value = compile(def.valueType as z.ZodType, seen);
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return mismatch();
    let out = '';
    for (const key of Object.keys(v)) {
      // zod's copy assigns `__proto__` as a prototype, so the key never reaches its output.
      if (key === '__proto__') return mismatch();
      const json = value((v as Record<string, unknown>)[key]);
      if (json === undefined) return mismatch();
      out += `${out === '' ? '' : ','}${JSON.stringify(key)}:${json}`;
    }
    return `{${out}}`;
  };
}

const PRIMITIVES = new Set(['string', 'number', 'boolean', 'null', 'date', 'literal', 'enum']);

function unionWriter(schema: z.ZodType, def: Def, seen: Map<z.ZodType, Writer>): Writer {
  const options = def.options as z.ZodType[];
  // A discriminated union picks its branch by the discriminator's value, as zod does.
  if (typeof def.discriminator === 'string') {
    const key = def.discriminator;
    const branches = new Map<unknown, Writer>();
    for (const option of options) {
      const values = option._zod.propValues?.[key];
      if (!values || defOf(option).type !== 'object') return zodWriter(schema);
      const write = compile(option, seen);
      for (const value of values) {
        if (branches.has(value)) return zodWriter(schema);
        branches.set(value, write);
      }
    }
    return (v) => {
      if (typeof v !== 'object' || v === null) return mismatch();
      const write = branches.get((v as Record<string, unknown>)[key]);
      return write ? write(v) : mismatch();
    };
  }
  // Primitives: the first branch whose type fits, as zod's first successful branch.
  if (options.every((o) => PRIMITIVES.has(defOf(o).type))) {
    const writers = options.map((o) => compile(o, seen));
    return (v) => {
      for (const write of writers) {
        try {
          return write(v);
        } catch (error) {
          if (!(error instanceof Mismatch)) throw error;
        }
      }
      return mismatch();
    };
  }
  return zodWriter(schema);
}

/** zod's encode and JSON.stringify for a node the writers do not cover. */
function zodWriter(schema: z.ZodType): Writer {
  return (v) => {
    const result = z.safeEncode(schema, v as never);
    if (!result.success) return mismatch();
    return JSON.stringify(result.data);
  };
}
