import { makeListResponse, ZVolume, ZVolumeListQuery } from '@panel/shared';
import { and, count } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { monthlyVolumes } from '../../db/schema/targets.ts';
import { fetchPage, parseSort } from '../../lib/list-query.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { toVolumeDto, volumeColumns } from '../../services/targets/volumes.ts';
import { errors } from '../schemas.ts';
import { monthlyConditions, monthlyOrder } from './monthly-list.ts';

const SORT_COLUMNS = {
  year: monthlyVolumes.year,
  month: monthlyVolumes.month,
  target_amount: monthlyVolumes.targetAmount,
};

export const listVolumesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/volume',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['metas'],
        summary: 'Listar volúmenes mensuales ($)',
        description: 'Filtros `user_id`, `year` y `month`; por defecto ordenados por año y mes.',
        querystring: ZVolumeListQuery,
        response: { 200: makeListResponse(ZVolume), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const query = request.query;
      const where = and(...monthlyConditions(monthlyVolumes, query, requireAuth(request).user));
      const sort = parseSort<keyof typeof SORT_COLUMNS>(query.sort, 'year');
      const { rows, meta } = await fetchPage(
        query,
        ({ limit, offset }) =>
          app.db
            .select(volumeColumns)
            .from(monthlyVolumes)
            .where(where)
            .orderBy(...monthlyOrder(monthlyVolumes, SORT_COLUMNS[sort.key], sort.desc))
            .limit(limit)
            .offset(offset),
        app.db.select({ n: count() }).from(monthlyVolumes).where(where),
      );
      return { data: rows.map(toVolumeDto), meta };
    },
  );
};
