import { makeListResponse, ZUser, ZUserListQuery } from '@panel/shared';
import { and, asc, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { branches } from '../../db/schema/branches.ts';
import { users } from '../../db/schema/users.ts';
import { containsFolded, escapeLike, listMeta, pageWindow, parseSort } from '../../services/list-query.ts';
import { toUserDto, userColumns } from '../../services/users.ts';
import { errors } from '../schemas.ts';

const SORT_COLUMNS = {
  name: sql`${users.nameKey}`,
  email: sql`${users.email}`,
  role: sql`${users.role}`,
  created_at: sql`${users.createdAt}`,
} satisfies Record<string, SQL>;

export const listUsersRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['usuarios'],
        summary: 'Listar usuarios (vendedores y administradores)',
        querystring: ZUserListQuery,
        response: { 200: makeListResponse(ZUser), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const query = request.query;
      const conditions: SQL[] = [];
      if (query.q) {
        conditions.push(
          or(
            containsFolded(users.nameKey, query.q),
            sql`${users.email} LIKE ${`%${escapeLike(query.q.toLowerCase())}%`}`,
          )!,
        );
      }
      if (query.role) conditions.push(eq(users.role, query.role));
      if (query.branch_id) conditions.push(eq(users.branchId, query.branch_id));
      if (query.active !== undefined) conditions.push(eq(users.active, query.active));
      const where = conditions.length > 0 ? and(...conditions) : undefined;

      const sort = parseSort<keyof typeof SORT_COLUMNS>(query.sort, 'name');
      const direction = sort.desc ? desc : asc;
      const { limit, offset } = pageWindow(query);

      const [rows, [total]] = await Promise.all([
        app.db
          .select(userColumns)
          .from(users)
          .leftJoin(branches, eq(branches.id, users.branchId))
          .where(where)
          .orderBy(direction(SORT_COLUMNS[sort.key]), SORT_COLUMNS.name, direction(users.id))
          .limit(limit)
          .offset(offset),
        app.db.select({ n: count() }).from(users).where(where),
      ]);
      return { data: rows.map(toUserDto), meta: listMeta(query, total?.n ?? 0) };
    },
  );
};
