import { makeListResponse, ZUser, ZUserListQuery } from '@panel/shared';
import { asc, count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { branches } from '../../db/schema/branches.ts';
import { users } from '../../db/schema/users.ts';
import { fetchPage, parseSort } from '../../lib/list-query.ts';
import {
  toUserDto,
  USER_SORT_COLUMNS,
  type UserSortKey,
  userColumns,
  userListWhere,
} from '../../services/users/records.ts';
import { errors } from '../schemas.ts';

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
      const where = userListWhere(query);

      const sort = parseSort<UserSortKey>(query.sort, 'name');
      const direction = sort.desc ? desc : asc;
      const { rows, meta } = await fetchPage(
        query,
        ({ limit, offset }) =>
          app.db
            .select(userColumns)
            .from(users)
            .leftJoin(branches, eq(branches.id, users.branchId))
            .where(where)
            .orderBy(direction(USER_SORT_COLUMNS[sort.key]), USER_SORT_COLUMNS.name, direction(users.id))
            .limit(limit)
            .offset(offset),
        app.db.select({ n: count() }).from(users).where(where),
      );
      return { data: rows.map(toUserDto), meta };
    },
  );
};
