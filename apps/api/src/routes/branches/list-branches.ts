import { makeListResponse, ZBranch, ZBranchListQuery } from '@panel/shared';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { branches } from '../../db/schema/branches.ts';
import { containsTextInAny, fetchPage, parseSort, textSortKey } from '../../lib/list-query.ts';
import { errors } from '../schemas.ts';
import { branchColumns, toBranchDto } from './branch-dto.ts';

const SORT_COLUMNS = {
  name: textSortKey(branches.name),
  city: textSortKey(branches.city),
  address: textSortKey(branches.address),
  created_at: sql`${branches.createdAt}`,
} satisfies Record<string, SQL>;

export const listBranchesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/branches',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['sucursales'],
        summary: 'Listar sucursales',
        description: '`q` busca en nombre, ciudad y dirección sin distinguir mayúsculas ni acentos.',
        querystring: ZBranchListQuery,
        response: { 200: makeListResponse(ZBranch), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const query = request.query;
      const conditions: SQL[] = [];
      if (query.q) {
        conditions.push(containsTextInAny(query.q, branches.name, branches.city, branches.address));
      }
      if (query.city) conditions.push(eq(branches.city, query.city));
      const where = and(...conditions);

      const sort = parseSort<keyof typeof SORT_COLUMNS>(query.sort, 'name');
      const direction = sort.desc ? desc : asc;
      // Branches without a city or address go last in either direction; ties go by name.
      const nulls = sort.desc ? sql`NULLS LAST` : sql``;

      const { rows, meta } = await fetchPage(
        query,
        ({ limit, offset }) =>
          app.db
            .select(branchColumns)
            .from(branches)
            .where(where)
            .orderBy(
              sql`${direction(SORT_COLUMNS[sort.key])} ${nulls}`,
              SORT_COLUMNS.name,
              direction(branches.id),
            )
            .limit(limit)
            .offset(offset),
        app.db.select({ n: count() }).from(branches).where(where),
      );
      return { data: rows.map(toBranchDto), meta };
    },
  );
};
