import { makeItemResponse, makeListResponse } from '@panel/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { escapeLike, fetchPage, parseSort } from '../../lib/list-query.ts';
import { findPostgresError } from '../../plugins/error-mapping.ts';
import { errors, ZNoContent, ZRouteId } from '../schemas.ts';
import type { CatalogResource } from './catalog-resource.ts';

type Row = {
  id: number;
  code: string;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
} & Record<string, unknown>;

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/**
 * GET (paged, `q`, `sort`), GET one, POST, PUT and DELETE for a supplier-like resource.
 * Raw SQL over the resource's table name, because both tables share every column but one.
 */
export function catalogResourceRoutes(resource: CatalogResource): FastifyPluginAsyncZod {
  const table = sql.identifier(resource.table);
  const desc = sql.identifier(resource.descriptionKey);
  const columns = sql`id, code, ${desc}, created_at, updated_at, version`;
  // The record in the shape of ZSupplier or ZBrand, which the response serializer checks.
  const toDto = (row: Row) => ({
    id: Number(row.id),
    code: row.code,
    [resource.descriptionKey]: row[resource.descriptionKey] as string,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    version: Number(row.version),
  });
  const sortColumns: Record<string, SQL> = {
    code: sql`f_unaccent(lower(code))`,
    [resource.descriptionKey]: sql`f_unaccent(lower(${desc}))`,
    created_at: sql`created_at`,
  };
  const tags = [resource.tag];

  return async (app) => {
    /**
     * A duplicate code gets 409 naming it; the unique index is the backstop under races. A duplicate
     * name (case and accents aside, migration 0020) goes on to the error mapping: 409 naming the field.
     */
    async function write(code: string, run: () => Promise<Row[]>): Promise<Row[]> {
      try {
        return await run();
      } catch (error) {
        const pg = findPostgresError(error);
        if (pg?.code === '23505' && pg.constraint === `${resource.table}_code_key`) {
          throw conflict(resource.codeTaken(code));
        }
        throw error;
      }
    }

    app.get(
      resource.path,
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: `Listar ${resource.plural}`,
          description: '`q` busca en código y descripción sin distinguir mayúsculas ni acentos.',
          querystring: resource.listQuery,
          response: { 200: makeListResponse(resource.item), ...errors(400, 401, 403) },
        },
      },
      async (request) => {
        const query = request.query as { page: number; per_page: number; q?: string; sort?: string };
        let where = sql``;
        if (query.q) {
          const pattern = `%${escapeLike(query.q.toLowerCase())}%`;
          where = sql`WHERE f_unaccent(lower(code)) LIKE f_unaccent(${pattern})
            OR f_unaccent(lower(${desc})) LIKE f_unaccent(${pattern})`;
        }
        const sort = parseSort(query.sort, resource.descriptionKey);
        const direction = sort.desc ? sql`DESC` : sql`ASC`;
        const { rows, meta } = await fetchPage(
          query,
          ({ limit, offset }) =>
            queryRows<Row>(
              app.db,
              sql`SELECT ${columns} FROM ${table} ${where}
              ORDER BY ${sortColumns[sort.key]} ${direction}, f_unaccent(lower(${desc})), id ${direction}
              LIMIT ${limit} OFFSET ${offset}`,
            ),
          queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM ${table} ${where}`),
        );
        return { data: rows.map(toDto), meta };
      },
    );

    app.get(
      `${resource.path}/:id`,
      {
        config: { access: 'admin', versioned: resource.table },
        schema: {
          tags,
          summary: `Ver ${resource.singular}`,
          params: ZRouteId,
          response: { 200: makeItemResponse(resource.item), ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const [row] = await queryRows<Row>(
          app.db,
          sql`SELECT ${columns} FROM ${table} WHERE id = ${request.params.id}`,
        );
        if (!row) throw notFound(resource.notFound);
        return { data: toDto(row) };
      },
    );

    app.post(
      resource.path,
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: `Crear ${resource.singular}`,
          description:
            'El código se guarda sin espacios alrededor y en mayúsculas; es único (409). La descripción también es única, sin distinguir mayúsculas ni acentos (409).',
          body: resource.input,
          response: { 201: makeItemResponse(resource.item), ...errors(400, 401, 403, 409) },
        },
      },
      async (request, reply) => {
        const body = request.body as Record<string, string> & { code: string };
        const rows = await write(body.code, () =>
          queryRows<Row>(
            app.db,
            sql`INSERT INTO ${table} (code, ${desc}) VALUES (${body.code}, ${body[resource.descriptionKey]})
              RETURNING ${columns}`,
          ),
        );
        return reply.code(201).send({ data: toDto(rows[0]!) });
      },
    );

    app.put(
      `${resource.path}/:id`,
      {
        config: { access: 'admin', versioned: resource.table },
        schema: {
          tags,
          summary: `Actualizar ${resource.singular}`,
          params: ZRouteId,
          body: resource.input,
          response: { 200: makeItemResponse(resource.item), ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const body = request.body as Record<string, string> & { code: string };
        const rows = await write(body.code, () =>
          queryRows<Row>(
            app.db,
            sql`UPDATE ${table} SET code = ${body.code}, ${desc} = ${body[resource.descriptionKey]},
                updated_at = ${app.now().toISOString()}::timestamptz
              WHERE id = ${request.params.id} RETURNING ${columns}`,
          ),
        );
        if (!rows[0]) throw notFound(resource.notFound);
        return { data: toDto(rows[0]) };
      },
    );

    app.delete(
      `${resource.path}/:id`,
      {
        config: { access: 'admin', versioned: resource.table },
        schema: {
          tags,
          summary: `Eliminar ${resource.singular}`,
          description: '409 si hay unidades pretendidas cargadas con este registro.',
          params: ZRouteId,
          response: { 204: ZNoContent, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const [found] = await queryRows<{ id: number; used: boolean }>(
          app.db,
          sql`SELECT id, EXISTS (
              SELECT 1 FROM monthly_target_units WHERE ${sql.identifier(resource.unitsColumn)} = ${id}
            ) AS used FROM ${table} WHERE id = ${id}`,
        );
        if (!found) throw notFound(resource.notFound);
        if (found.used) throw conflict(resource.inUse);
        try {
          await app.db.execute(sql`DELETE FROM ${table} WHERE id = ${id}`);
        } catch (error) {
          // The RESTRICT foreign keys are the backstop for units saved meanwhile.
          if (findPostgresError(error)?.code === '23503') throw conflict(resource.inUse);
          throw error;
        }
        return reply.code(204).send();
      },
    );
  };
}
