import { makeItemResponse, makeListResponse } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict } from '../../lib/http-errors.ts';
import { findPostgresError } from '../../plugins/error-mapping.ts';
import { type TypeTable, typeStore } from '../../services/types/type-store.ts';
import { errors, FORM_BODIES, ZNoContent, ZRouteId } from '../schemas.ts';
import type { TypeResource } from './type-resource.ts';

/**
 * GET (paged, `q`, `sort`), GET one, POST, PUT and DELETE for a type resource (type-resource.ts):
 * /api/event-types and /api/notification-types.
 */
export function typeResourceRoutes<T extends TypeTable, Row, Body>(
  resource: TypeResource<T, Row, Body>,
): FastifyPluginAsyncZod {
  const store = typeStore(resource);
  const tags = [resource.tag];
  const one = `${resource.path}/:id`;

  return async (app) => {
    app.get(
      resource.path,
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: `Listar ${resource.plural}`,
          description: '`q` busca en el nombre sin distinguir mayúsculas ni acentos.',
          querystring: resource.listQuery,
          response: { 200: makeListResponse(resource.item), ...errors(400, 401, 403) },
        },
      },
      async (request) => store.list(app.db, request.query as Parameters<typeof store.list>[1]),
    );

    /** One type with its version (ETag): what an edit dialog reloads after a 412. */
    app.get(
      one,
      {
        config: { access: 'admin', versioned: resource.versioned },
        schema: {
          tags,
          summary: `Ver ${resource.singular}`,
          params: ZRouteId,
          response: { 200: makeItemResponse(resource.item), ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => ({ data: await store.get(app.db, request.params.id) }),
    );

    app.post(
      resource.path,
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: `Crear ${resource.singular}`,
          description: resource.createDescription,
          consumes: FORM_BODIES,
          body: resource.input,
          response: { 201: makeItemResponse(resource.item), ...errors(400, 401, 403) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await store.create(app.db, request.body as Body) }),
    );

    app.put(
      one,
      {
        config: { access: 'admin', versioned: resource.versioned },
        schema: {
          tags,
          summary: `Actualizar ${resource.singular}`,
          consumes: FORM_BODIES,
          params: ZRouteId,
          body: resource.update,
          response: { 200: makeItemResponse(resource.item), ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => ({ data: await store.update(app.db, request.params.id, request.body as Body) }),
    );

    app.delete(
      one,
      {
        config: { access: 'admin', versioned: resource.versioned },
        schema: {
          tags,
          summary: `Eliminar ${resource.singular}`,
          description: resource.deleteDescription,
          params: ZRouteId,
          response: { 204: ZNoContent, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        try {
          await store.remove(app.db, request.params.id);
        } catch (error) {
          // The RESTRICT foreign key is the backstop for a record added meanwhile.
          if (findPostgresError(error)?.code === '23503') throw conflict(resource.inUse);
          throw error;
        }
        return reply.code(204).send();
      },
    );
  };
}
