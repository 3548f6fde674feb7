import type { RouteOptions } from 'fastify';
import type { z } from 'zod';
import { type JsonSchema, registerSharedSchemas, toJson } from './zod-json.ts';

/**
 * What the document pass (finish-document.ts) needs to know of a route, carried on its operation
 * as `x-contract` and removed there.
 */
export interface RouteContract {
  access: string | undefined;
  versioned: string | undefined;
  /** The POST twin of a PUT (plugins/method-override.ts). */
  override: boolean;
  /** Media types of the success answers; errors are always JSON. */
  produces: string[] | undefined;
  consumes: string[] | undefined;
  body: JsonSchema | undefined;
  /** File fields of an upload route and its text fields' schema. */
  uploads: { fields: readonly string[]; maxFiles: number; form: JsonSchema | undefined } | undefined;
  /** status → description and schema (null: no body). */
  responses: Record<string, { description: string | undefined; schema: JsonSchema | null }>;
}

interface TransformInput {
  schema: unknown;
  url: string;
  route: RouteOptions;
}

const zodOf = (value: unknown) => value as z.ZodType;

/**
 * @fastify/swagger's per-route transform. Query, path and header schemas become JSON Schema here
 * (swagger turns each field into a parameter); everything else goes to `x-contract`.
 * `routeSchemas` lists every route's schema: the ones used as query, path or headers stay unnamed.
 */
export const createRouteTransform =
  (routeSchemas: () => Iterable<unknown>) =>
  ({ schema, url, route }: TransformInput) => {
    const own = schema as Record<string, unknown> | undefined;
    if (!own || own.hide) return { schema: { hide: true }, url };
    registerSharedSchemas(inlineSchemas(routeSchemas()));
    return transformRoute(own, url, route);
  };

function transformRoute(schema: Record<string, unknown>, url: string, route: RouteOptions) {
  const { response, headers, querystring, body, params, produces, consumes, ...rest } = schema;
  const out: Record<string, unknown> = { ...rest };
  if (querystring) out.querystring = toJson(zodOf(querystring), 'input');
  if (params) out.params = toJson(zodOf(params), 'input');
  if (headers) out.headers = toJson(zodOf(headers), 'input');

  const responses: RouteContract['responses'] = {};
  for (const [status, value] of Object.entries((response ?? {}) as Record<string, unknown>)) {
    const json = toJson(zodOf(value), 'output');
    const { description, ...schemaOnly } = json as JsonSchema & { description?: string };
    responses[status] = {
      description,
      schema: schemaOnly.type === 'null' ? null : Object.keys(schemaOnly).length === 0 ? {} : schemaOnly,
    };
  }
  const config = route.config ?? {};
  const uploads = config.uploads;
  const contract: RouteContract = {
    access: config.access,
    versioned: config.versioned,
    override: config.methodOverrideOf === 'PUT',
    produces: produces as string[] | undefined,
    consumes: consumes as string[] | undefined,
    body: body ? toJson(zodOf(body), 'input') : undefined,
    uploads: uploads && {
      fields: uploads.fields,
      maxFiles: uploads.maxFiles,
      form: uploads.form && toJson(uploads.form, 'input'),
    },
    responses,
  };
  out['x-contract'] = contract;
  return { schema: out, url };
}

/** Query, path and header schemas stay inline (their fields become parameters). */
function inlineSchemas(schemas: Iterable<unknown>): Set<unknown> {
  const inline = new Set<unknown>();
  for (const schema of schemas) {
    const s = schema as Record<string, unknown> | undefined;
    for (const key of ['querystring', 'params', 'headers']) if (s?.[key]) inline.add(s[key]);
  }
  return inline;
}
