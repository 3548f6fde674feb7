import { ZBranchCities } from '@panel/shared';
import { isNotNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { branches } from '../../db/schema/branches.ts';
import { errors } from '../schemas.ts';

export const listCitiesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/branches/cities',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['sucursales'],
        summary: 'Ciudades de las sucursales, para el filtro',
        response: { 200: ZBranchCities, ...errors(401, 403) },
      },
    },
    async () => {
      const rows = await app.db
        .selectDistinct({ city: branches.city, key: sql<string>`f_unaccent(lower(${branches.city}))` })
        .from(branches)
        .where(isNotNull(branches.city))
        .orderBy(sql`f_unaccent(lower(${branches.city}))`, branches.city);
      return { data: rows.map((r) => r.city!) };
    },
  );
};
