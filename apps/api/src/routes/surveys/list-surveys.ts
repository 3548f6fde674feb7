import { makeListResponse, ZSurvey, ZSurveyListQuery } from '@panel/shared';
import { and, asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { surveys } from '../../db/schema/surveys.ts';
import { containsTextInAny, fetchPage, parseSort, textSortKey } from '../../lib/list-query.ts';
import { errors } from '../schemas.ts';
import { selectSurveys, toSurveyDto } from './survey-dto.ts';

const SORT_COLUMNS = {
  title: textSortKey(surveys.title),
  created_at: sql`${surveys.createdAt}`,
  start_date: sql`${surveys.startDate}`,
  end_date: sql`${surveys.endDate}`,
} satisfies Record<string, SQL>;

export const listSurveysRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/surveys',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['encuestas'],
        summary: 'Listar encuestas',
        description:
          '15 por página por defecto; las más nuevas primero. `q` busca en título y descripción sin distinguir mayúsculas ni acentos; `active` filtra por estado; `branch_id` por sucursal (0 = las de todas las sucursales).',
        querystring: ZSurveyListQuery,
        response: { 200: makeListResponse(ZSurvey), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const query = request.query;
      const conditions: SQL[] = [];
      if (query.q) conditions.push(containsTextInAny(query.q, surveys.title, surveys.description));
      if (query.active !== undefined) conditions.push(eq(surveys.active, query.active));
      if (query.branch_id !== undefined)
        conditions.push(
          query.branch_id === 0 ? isNull(surveys.branchId) : eq(surveys.branchId, query.branch_id),
        );
      const where = and(...conditions);

      const sort = query.sort ? parseSort<keyof typeof SORT_COLUMNS>(query.sort, 'created_at') : null;
      const order = sort
        ? [
            sql`${(sort.desc ? desc : asc)(SORT_COLUMNS[sort.key])} NULLS LAST`,
            (sort.desc ? desc : asc)(surveys.id),
          ]
        : [desc(surveys.createdAt), desc(surveys.id)];
      const now = app.now();
      const { rows, meta } = await fetchPage(
        query,
        ({ limit, offset }) =>
          selectSurveys(app.db)
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
        app.db.select({ n: count() }).from(surveys).where(where),
      );
      return { data: rows.map((r) => toSurveyDto(r, now)), meta };
    },
  );
};
