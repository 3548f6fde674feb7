import { makeListResponse, ZTargetUnits, ZUnitsListQuery } from '@panel/shared';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { monthlyTargetUnits } from '../../db/schema/targets.ts';
import { fetchPage, parseSort } from '../../lib/list-query.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { toUnitsDto, unitsColumns } from '../../services/targets/units.ts';
import { errors } from '../schemas.ts';
import { monthlyConditions, monthlyOrder } from './monthly-list.ts';

const t = monthlyTargetUnits;
const SORT_COLUMNS = { year: t.year, month: t.month, units: t.units };

export const listUnitsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/units',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['metas'],
        summary: 'Listar unidades pretendidas',
        description:
          'Filtros `user_id`, `supplier_id`, `brand_id`, `year` y `month`; `per_page` hasta 200. ' +
          'Por defecto ordenadas por año y mes.',
        querystring: ZUnitsListQuery,
        response: { 200: makeListResponse(ZTargetUnits), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const query = request.query;
      const conditions = monthlyConditions(t, query, requireAuth(request).user);
      if (query.supplier_id) conditions.push(eq(t.supplierId, query.supplier_id));
      if (query.brand_id) conditions.push(eq(t.brandId, query.brand_id));
      const where = and(...conditions);
      const sort = parseSort<keyof typeof SORT_COLUMNS>(query.sort, 'year');
      const { rows, meta } = await fetchPage(
        query,
        ({ limit, offset }) =>
          app.db
            .select(unitsColumns)
            .from(t)
            .where(where)
            .orderBy(...monthlyOrder(t, SORT_COLUMNS[sort.key], sort.desc))
            .limit(limit)
            .offset(offset),
        app.db.select({ n: count() }).from(t).where(where),
      );
      return { data: rows.map(toUnitsDto), meta };
    },
  );
};
