import * as shared from '@panel/shared';
import { z } from 'zod';

/**
 * zod → JSON Schema 2020-12 for the OpenAPI document, with named components
 * (docs/decisions/2026-11-26-openapi-contract.md).
 *
 * Every schema exported by `@panel/shared` as `Z<Name>` that a route uses as a body or a response
 * (or that such a schema contains) becomes the component `<Name>`: the export's name is the
 * contract's name, and a new shared schema is named without anyone registering it. Query, path and
 * header schemas stay inline, so their fields remain one parameter each.
 *
 * A schema can read differently as a request (`input`: defaults make fields optional) and as an
 * answer (`output`). References are written as placeholders for (io, name) while the document is
 * built; `nameComponents` then emits each component used, once per reading that differs, and
 * rewrites the placeholders to the final names (`Name`, and `NameInput` only where the two
 * readings differ).
 */
export type Io = 'input' | 'output';
export type JsonSchema = Record<string, unknown>;

const COMPONENTS = '#/components/schemas/';
const PLACEHOLDER = /^#\/components\/schemas\/__(input|output)__(.+)$/;
const placeholder = (io: Io, id: string) => `${COMPONENTS}__${io}__${id}`;
const ROOT = '__root__';

let registered: Set<string> | undefined;

/**
 * Gives every shared `Z<Name>` schema its component name in zod's global registry (once per
 * process), except the ones in `inline` (query, path and header schemas). The first export name of
 * a schema exported twice wins, in alphabetical order.
 */
export function registerSharedSchemas(inline: ReadonlySet<unknown>): void {
  if (registered) return;
  registered = new Set();
  const exports = Object.entries(shared as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
  for (const [name, value] of exports) {
    if (!/^Z[A-Z]/.test(name) || !(value instanceof z.ZodType) || inline.has(value)) continue;
    const meta = z.globalRegistry.get(value);
    if (meta?.id) continue;
    const id = name.slice(1);
    if (z.globalRegistry._idmap.has(id)) continue;
    z.globalRegistry.add(value, { ...meta, id });
    registered.add(id);
  }
}

/** zod's own id of a schema (set by registerSharedSchemas or `.meta({ id })`). */
const idOf = (schema: z.ZodType): string | undefined => z.globalRegistry.get(schema)?.id;

const JSON_FORMATS: Record<string, string> = { datetime: 'date-time', date: 'date' };

/**
 * Keeps fastify-type-provider-zod's readings: an empty union branch dropped, a Date answered as an
 * ISO string, `z.undefined()` (204) answered as nothing.
 */
function override(io: Io) {
  return (ctx: { zodSchema: unknown; jsonSchema: JsonSchema }) => {
    const def = (ctx.zodSchema as z.ZodType)._zod.def as { type: string };
    const json = ctx.jsonSchema;
    if (def.type === 'union' && Array.isArray(json.anyOf)) {
      json.anyOf = (json.anyOf as JsonSchema[]).filter((s) => Object.keys(s).length > 0);
    }
    if (def.type === 'date' && io === 'output') Object.assign(json, { type: 'string', format: 'date-time' });
    if (def.type === 'undefined' && io === 'output') json.type = 'null';
    if (def.type === 'object' && io === 'input') requireRefusedAbsent(ctx.zodSchema as z.ZodObject, json);
    // zod leaves `format` out when a string has a pattern of its own besides its format's (an ISO
    // instant within the years 2000–2100, core/common.ts withinDateRange): put it back.
    const format = JSON_FORMATS[(def as { format?: string }).format ?? ''];
    if (def.type === 'string' && format && !json.format) json.format = format;
  };
}

/**
 * A body field the server refuses when it is absent is required in the document, whatever its
 * default: a PUT's fields with a default on create (`requiredOnPut`: a point action's or a survey's
 * `active`) are documented as the validator reads them, not as optional.
 */
function requireRefusedAbsent(schema: z.ZodObject, json: JsonSchema): void {
  const properties = json.properties as Record<string, unknown> | undefined;
  if (!properties) return;
  const required = new Set((json.required as string[] | undefined) ?? []);
  for (const [key, field] of Object.entries(schema.shape)) {
    if (required.has(key) || !(key in properties)) continue;
    let refused = false;
    try {
      refused = !(field as z.ZodType).safeParse(undefined).success;
    } catch {
      // a refinement that cannot run on nothing: left as zod documents it
    }
    if (refused) required.add(key);
  }
  if (required.size > 0) json.required = [...required];
}

const OPTIONS = (io: Io) =>
  ({
    target: 'draft-2020-12',
    io,
    metadata: z.globalRegistry,
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
    uri: (id: string) => placeholder(io, id),
    override: override(io),
  }) as const;

/**
 * A named schema met inside another comes back from zod as `<uri of "__shared">#/$defs/<id>`:
 * turned into the placeholder of that id.
 */
function fixSharedRefs(value: unknown, io: Io): unknown {
  return JSON.parse(JSON.stringify(value), (key, v) => {
    if (key !== '$ref' || typeof v !== 'string') return v;
    const shared = /__shared#\/\$defs\/(.+)$/.exec(v);
    return shared ? placeholder(io, shared[1]!) : v;
  });
}

function strip(json: JsonSchema): JsonSchema {
  const { $schema: _s, $id: _i, id: _id, ...rest } = json;
  return rest;
}

/**
 * One schema of a route as JSON Schema. A named schema is a reference; a `.describe()` copy of a
 * named one (the error answers) is a reference with that description.
 */
export function toJson(schema: z.ZodType, io: Io): JsonSchema {
  const id = idOf(schema);
  if (id) return { $ref: placeholder(io, id) };
  const parent = schema._zod.parent as z.ZodType | undefined;
  const parentId = parent && idOf(parent);
  if (parentId && schema._zod.def === parent._zod.def) {
    const description = z.globalRegistry.get(schema)?.description;
    return { $ref: placeholder(io, parentId), ...(description ? { description } : {}) };
  }
  const one = z.registry<{ id: string }>();
  one.add(schema, { id: ROOT });
  const { schemas } = z.toJSONSchema(one, OPTIONS(io) as never);
  return strip(fixSharedRefs(schemas[ROOT], io) as JsonSchema);
}

/** Every `$ref` placeholder in `value`, as "io:id". */
function collectRefs(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const v of value) collectRefs(v, into);
    return;
  }
  if (!value || typeof value !== 'object') return;
  for (const [key, v] of Object.entries(value)) {
    if (key === '$ref' && typeof v === 'string') {
      const m = PLACEHOLDER.exec(v);
      if (m) into.add(`${m[1]}:${m[2]}`);
    } else collectRefs(v, into);
  }
}

/**
 * Emits the components the document refers to (and the ones they refer to), named, and rewrites
 * every placeholder in `doc` to `#/components/schemas/<name>`.
 */
export function nameComponents(doc: JsonSchema): Record<string, JsonSchema> {
  const all: Record<Io, Record<string, JsonSchema>> = {
    input: fixSharedRefs(
      z.toJSONSchema(z.globalRegistry, OPTIONS('input') as never).schemas,
      'input',
    ) as never,
    output: fixSharedRefs(
      z.toJSONSchema(z.globalRegistry, OPTIONS('output') as never).schemas,
      'output',
    ) as never,
  };
  const used = new Set<string>();
  collectRefs(doc, used);
  const queue = [...used];
  while (queue.length > 0) {
    const [io, id] = queue.pop()!.split(/:(.*)/s) as [Io, string];
    const json = all[io][id];
    if (!json) throw new Error(`OpenAPI: no hay esquema con el nombre ${id}`);
    const found = new Set<string>();
    collectRefs(json, found);
    for (const ref of found) {
      if (used.has(ref)) continue;
      used.add(ref);
      queue.push(ref);
    }
  }

  // Names: the answer's reading keeps the plain name; a request's reading shares it when both read
  // the same once their own references are named (or only one is used), else it is <name>Input.
  const both = new Set([...used].filter((k) => k.startsWith('input:') && used.has(`output:${k.slice(6)}`)));
  const shared = new Set([...both].map((k) => k.slice(6)));
  const names = new Map<string, string>();
  const rename = (value: unknown) =>
    JSON.parse(JSON.stringify(value), (key, v) => {
      if (key !== '$ref' || typeof v !== 'string') return v;
      const m = PLACEHOLDER.exec(v);
      return m ? `${COMPONENTS}${names.get(`${m[1]}:${m[2]}`)}` : v;
    });
  for (let changed = true; changed; ) {
    names.clear();
    for (const key of used) {
      const [io, id] = key.split(/:(.*)/s) as [Io, string];
      names.set(key, io === 'input' && both.has(key) && !shared.has(id) ? `${id}Input` : id);
    }
    changed = false;
    for (const id of shared) {
      const same =
        JSON.stringify(rename(strip(all.input[id]!))) === JSON.stringify(rename(strip(all.output[id]!)));
      if (!same) {
        shared.delete(id);
        changed = true;
      }
    }
  }
  for (const key of both) {
    const id = key.slice(6);
    if (!shared.has(id) && z.globalRegistry._idmap.has(`${id}Input`)) {
      throw new Error(
        `OpenAPI: ${id} se lee distinto como pedido y como respuesta, y ${id}Input ya es otro esquema`,
      );
    }
  }

  const components: Record<string, JsonSchema> = {};
  for (const [key, name] of [...names].sort(([, a], [, b]) => a.localeCompare(b))) {
    if (components[name]) continue;
    const [io, id] = key.split(/:(.*)/s) as [Io, string];
    components[name] = strip(rename(all[io][id]) as JsonSchema);
  }
  Object.assign(doc, rename(doc));
  return components;
}
