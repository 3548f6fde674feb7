import { makeItemResponse, makeListResponse, type TListResponse } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { conflict } from '../lib/http-errors.ts';
import { findPostgresError } from '../plugins/error-mapping.ts';
import type { VersionedTable } from '../plugins/preconditions.ts';
import { errors, FORM_BODIES, ZNoContent, ZRouteId } from './schemas.ts';

type ListQuery = { page: number; per_page: number; q?: string; sort?: string };

/** The queries behind the five routes: services/catalog/catalog-store.ts, services/types/type-store.ts. */
export interface ResourceStore<Body> {
  list(db: Db, query: ListQuery): Promise<TListResponse<unknown>>;
  /** 404 when there is none. */
  get(db: Db, id: number): Promise<unknown>;
  create(db: Db, body: Body): Promise<unknown>;
  /** 404 when there is none. */
  update(db: Db, id: number, body: Body, now: Date): Promise<unknown>;
  /** 404, or 409 while records use it; a foreign key error (23503) when one came meanwhile. */
  remove(db: Db, id: number): Promise<void>;
}

/** How one resource's routes are documented: catalog/catalog-resource.ts, types/type-resource.ts. */
export interface ResourceRoutesSpec<Body> {
  path: string;
  tag: string;
  /** The versioned table (ETag, If-Match). */
  versioned: VersionedTable;
  singular: string;
  plural: string;
  listDescription: string;
  createDescription: string;
  deleteDescription: string;
  /** Create and update also take urlencoded and multipart bodies. */
  forms: boolean;
  /** Create and update may answer 409 (a duplicate code or name). */
  writeConflicts: boolean;
  // Kept as plain schemas: the routes are shared, and the response serializer validates each record.
  item: z.ZodType;
  input: z.ZodType;
  update: z.ZodType;
  listQuery: z.ZodType;
  inUse: string;
  /** The HTTP error for a create's or update's database error, if it has one (a duplicate code). */
  writeError?(error: unknown, body: Body): Error | undefined;
}

/**
 * GET (paged, `q`, `sort`), GET one, POST, PUT and DELETE for a resource described by `spec` whose
 * queries are `store`: Proveedores and Marcas (catalog/), Tipos de Eventos and Tipos de Notificación (types/).
 */
export function resourceRoutes<Body>(
  spec: ResourceRoutesSpec<Body>,
  store: ResourceStore<Body>,
): FastifyPluginAsyncZod {
  const tags = [spec.tag];
  const one = `${spec.path}/:id`;
  const consumes = spec.forms ? { consumes: FORM_BODIES } : {};
  const conflicts = spec.writeConflicts ? errors(409) : {};

  return async (app) => {
    async function write<T>(body: Body, run: () => Promise<T>): Promise<T> {
      try {
        return await run();
      } catch (error) {
        throw spec.writeError?.(error, body) ?? error;
      }
    }

    // The catalogue is the company's: branch managers read it for their forms (a post's brand, an
    // event's type), unscoped; writing it stays the administrators'.
    app.get(
      spec.path,
      {
        config: { access: 'panel' },
        schema: {
          tags,
          summary: `Listar ${spec.plural}`,
          description: spec.listDescription,
          querystring: spec.listQuery,
          response: { 200: makeListResponse(spec.item), ...errors(400, 401, 403) },
        },
      },
      async (request) => store.list(app.db, request.query as ListQuery),
    );

    /** One record with its version (ETag): what an edit dialog reloads after a 412. */
    app.get(
      one,
      {
        config: { access: 'panel', versioned: spec.versioned },
        schema: {
          tags,
          summary: `Ver ${spec.singular}`,
          params: ZRouteId,
          response: { 200: makeItemResponse(spec.item), ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => ({ data: await store.get(app.db, request.params.id) }),
    );

    app.post(
      spec.path,
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: `Crear ${spec.singular}`,
          description: spec.createDescription,
          ...consumes,
          body: spec.input,
          response: { 201: makeItemResponse(spec.item), ...errors(400, 401, 403), ...conflicts },
        },
      },
      async (request, reply) => {
        const body = request.body as Body;
        const data = await write(body, () => store.create(app.db, body));
        return reply.code(201).send({ data });
      },
    );

    app.put(
      one,
      {
        config: { access: 'admin', versioned: spec.versioned },
        schema: {
          tags,
          summary: `Actualizar ${spec.singular}`,
          ...consumes,
          params: ZRouteId,
          body: spec.update,
          response: { 200: makeItemResponse(spec.item), ...errors(400, 401, 403, 404), ...conflicts },
        },
      },
      async (request) => {
        const body = request.body as Body;
        return { data: await write(body, () => store.update(app.db, request.params.id, body, app.now())) };
      },
    );

    app.delete(
      one,
      {
        config: { access: 'admin', versioned: spec.versioned },
        schema: {
          tags,
          summary: `Eliminar ${spec.singular}`,
          description: spec.deleteDescription,
          params: ZRouteId,
          response: { 204: ZNoContent, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        try {
          await store.remove(app.db, request.params.id);
        } catch (error) {
          // The RESTRICT foreign keys are the backstop for a record added meanwhile.
          if (findPostgresError(error)?.code === '23503') throw conflict(spec.inUse);
          throw error;
        }
        return reply.code(204).send();
      },
    );
  };
}
