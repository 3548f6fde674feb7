import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { badRequest, SERVER_MSG } from '../lib/http-errors.ts';

/** Every method the API answers; the swagger-ui pages under /api/docs are not the API. */
const CHECKED = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);
const READS = new Set(['GET', 'HEAD']);
const isApiUrl = (url: string) =>
  url.startsWith('/api/') && url !== '/api/docs' && !url.startsWith('/api/docs/');

/** The keys a query schema declares (objects, and both sides of `.and()`); none when there is none. */
export function declaredQueryKeys(schema: unknown): Set<string> {
  if (schema instanceof z.ZodObject) return new Set(Object.keys(schema.shape));
  if (schema instanceof z.ZodIntersection) {
    const def = schema.def as { left: unknown; right: unknown };
    return new Set([...declaredQueryKeys(def.left), ...declaredQueryKeys(def.right)]);
  }
  if (schema instanceof z.ZodPipe) return declaredQueryKeys((schema.def as { in: unknown }).in);
  return new Set();
}

/**
 * No call runs with a query parameter it does not know (docs/product.md#lists-and-query-parameters):
 * `DRY_RUN=1` or `dry_run[]=1` on the import must not import for real, and a misspelt filter
 * (`?brach_id=3`) must not answer unfiltered data. Every /api route, read or write, refuses (400,
 * naming the parameter in Spanish) a parameter its schema does not declare; malformed values
 * (a repeated key) fail the schema itself.
 */
export const strictQueryPlugin = fp(
  async (app) => {
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.some((m) => CHECKED.has(m)) || !isApiUrl(route.url)) return;
      const allowed = declaredQueryKeys((route.schema as { querystring?: unknown } | undefined)?.querystring);
      // A callback hook: every API request passes here, and pays no promise.
      const check = (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
        if (CHECKED.has(request.method)) {
          const query = request.query as Record<string, unknown> | undefined;
          for (const key in query) {
            if (allowed.has(key)) continue;
            const message = READS.has(request.method)
              ? SERVER_MSG.unknownQueryParameterOnRead(key)
              : SERVER_MSG.unknownQueryParameter(key);
            done(badRequest(message, { [key]: [message] }));
            return;
          }
        }
        done();
      };
      // After the route's own checks, which say more (the audit trail's `entity[]=`: "sin []").
      const existing = route.preValidation;
      route.preValidation = [...(existing ? (Array.isArray(existing) ? existing : [existing]) : []), check];
    });
  },
  { name: 'strict-query' },
);
