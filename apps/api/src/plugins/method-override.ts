import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, SERVER_MSG } from '../lib/http-errors.ts';

/**
 * docs/product.md#form-bodies-and-method-override: a POST to a URL that has a PUT route is that PUT when the body carries
 * `_method=PUT` (urlencoded or multipart field) or the request has `X-HTTP-Method-Override: PUT`;
 * any other POST there gets 405. Register `collectPutRoutes` before the routes and
 * `methodOverrideRoutes` after them.
 */
const putRoutes: WeakMap<FastifyInstance, RouteOptions[]> = new WeakMap();

export const collectPutRoutes = fp(
  async (app) => {
    const collected: RouteOptions[] = [];
    putRoutes.set(app, collected);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (methods.includes('PUT') && !route.config?.internal) collected.push(route);
    });
  },
  { name: 'method-override-collector' },
);

export const methodOverrideRoutes = fp(
  async (app) => {
    for (const put of putRoutes.get(app) ?? []) {
      const schema = (put.schema ?? {}) as Record<string, unknown>;
      app.route({
        method: 'POST',
        url: put.url,
        config: { ...put.config, methodOverrideOf: 'PUT' },
        schema: {
          ...schema,
          summary: `${String(schema.summary ?? put.url)} (POST con _method=PUT)`,
          description:
            'Igual que el PUT de esta ruta, para formularios: requiere `_method=PUT` en el cuerpo ' +
            '(urlencoded o multipart) o el encabezado `X-HTTP-Method-Override: PUT`. Si no, 405.',
          consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
        },
        onRequest: put.onRequest,
        preValidation: [assertOverride, ...toArray(put.preValidation)],
        preHandler: put.preHandler,
        handler: put.handler,
      });
    }
  },
  { name: 'method-override', dependencies: ['method-override-collector'] },
);

declare module 'fastify' {
  interface FastifyContextConfig {
    methodOverrideOf?: 'PUT';
  }
}

async function assertOverride(request: FastifyRequest) {
  const header = request.headers['x-http-method-override'];
  if (typeof header === 'string' && header.trim().toUpperCase() === 'PUT') return;
  const body = request.body as Record<string, unknown> | null | undefined;
  const field = body && typeof body === 'object' ? body._method : undefined;
  if (typeof field === 'string' && field.trim().toUpperCase() === 'PUT') return;
  // Every method the path answers (plugins/errors.ts), not just PUT: a POST here is only a PUT.
  const allow = request.server.routeMethods.allowed(request.url.split('?')[0] ?? '');
  throw new HttpError(405, SERVER_MSG.methodNotAllowed, undefined, { allow: allow.join(', ') });
}

function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
