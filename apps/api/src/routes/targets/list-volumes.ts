import { makeListResponse, ZVolume, ZVolumeListQuery } from '@panel/shared';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { monthlyVolumes } from '../../db/schema/targets.ts';
import { fetchPage, parseSort } from '../../lib/list-query.ts';
import { errors } from '../schemas.ts';
import { toVolumeDto, volumeColumns } from './volume-dto.ts';

const SORT_COLUMNS = {
  year: monthlyVolumes.year,
  month: monthlyVolumes.month,
  target_amount: monthlyVolumes.targetAmount,
};

export const listVolumesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/volume',
    {
      config: { access: 'admin' },
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
      const conditions: SQL[] = [];
      if (query.user_id) conditions.push(eq(monthlyVolumes.userId, query.user_id));
      if (query.year) conditions.push(eq(monthlyVolumes.year, query.year));
      if (query.month) conditions.push(eq(monthlyVolumes.month, query.month));
      const where = and(...conditions);
      const sort = parseSort<keyof typeof SORT_COLUMNS>(query.sort, 'year');
      const direction = sort.desc ? desc : asc;
      const { rows, meta } = await fetchPage(
        query,
        ({ limit, offset }) =>
          app.db
            .select(volumeColumns)
            .from(monthlyVolumes)
            .where(where)
            .orderBy(
              direction(SORT_COLUMNS[sort.key]),
              direction(monthlyVolumes.year),
              direction(monthlyVolumes.month),
              asc(monthlyVolumes.id),
            )
            .limit(limit)
            .offset(offset),
        app.db.select({ n: count() }).from(monthlyVolumes).where(where),
      );
      return { data: rows.map(toVolumeDto), meta };
    },
  );
};
