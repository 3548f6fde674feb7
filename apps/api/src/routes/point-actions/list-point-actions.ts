import { makeListResponse, ZPointAction, ZPointActionListQuery } from '@panel/shared';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pointActions } from '../../db/schema/points.ts';
import { containsTextInAny, fetchPage, parseSort, textSortKey } from '../../lib/list-query.ts';
import { errors } from '../schemas.ts';
import { TAG, toPointActionDto } from './point-action-dto.ts';

const SORT_COLUMNS = {
  name: textSortKey(pointActions.name),
  key: sql`${pointActions.key}`,
  points: sql`${pointActions.points}`,
  created_at: sql`${pointActions.createdAt}`,
} satisfies Record<string, SQL>;

export const listPointActionsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/point-actions',
    {
      config: { access: 'admin' },
      schema: {
        tags: [TAG],
        summary: 'Listar acciones de puntos',
        description:
          '`q` busca en nombre, clave y descripción. `active` filtra por estado. Orden por defecto: nombre.',
        querystring: ZPointActionListQuery,
        response: { 200: makeListResponse(ZPointAction), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const query = request.query;
      const conditions: SQL[] = [];
      if (query.q) {
        conditions.push(
          containsTextInAny(query.q, pointActions.name, pointActions.key, pointActions.description),
        );
      }
      if (query.active !== undefined) conditions.push(eq(pointActions.active, query.active));
      const where = and(...conditions);
      const sort = parseSort<keyof typeof SORT_COLUMNS>(query.sort, 'name');
      const direction = sort.desc ? desc : asc;
      const { rows, meta } = await fetchPage(
        query,
        ({ limit, offset }) =>
          app.db
            .select()
            .from(pointActions)
            .where(where)
            .orderBy(direction(SORT_COLUMNS[sort.key]), SORT_COLUMNS.name, asc(pointActions.id))
            .limit(limit)
            .offset(offset),
        app.db.select({ n: count() }).from(pointActions).where(where),
      );
      return { data: rows.map(toPointActionDto), meta };
    },
  );
};
