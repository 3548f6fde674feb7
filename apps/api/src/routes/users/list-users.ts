import { makeListResponse, ZUser, ZUserListQuery } from '@panel/shared';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db, Tx } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { users } from '../../db/schema/users.ts';
import { fetchPage, parseSort, presentKeys, reusedQuery } from '../../lib/list-query.ts';
import { requireAuth } from '../../plugins/auth.ts';
import {
  toUserDto,
  USER_SORT_COLUMNS,
  type UserListValues,
  type UserSortKey,
  userColumns,
  userListValues,
  userListWhere,
} from '../../services/users/records.ts';
import { errors } from '../schemas.ts';

export const listUsersRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['usuarios'],
        summary: 'Listar usuarios (vendedores, encargados y administradores)',
        description: 'Un encargado de sucursal ve solo a los vendedores de su sucursal.',
        querystring: ZUserListQuery,
        response: { 200: makeListResponse(ZUser), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const query = request.query;
      const values = userListValues(query, requireAuth(request).user);
      const sort = parseSort<UserSortKey>(query.sort, 'name');
      const shape = `${presentKeys(values)}:${sort.key}:${sort.desc}`;
      const { rows, meta } = await fetchPage(
        query,
        (window) =>
          reusedQuery(app.db, `users:page:${shape}`, (db) => usersPage(db, values, sort)).execute({
            ...values,
            ...window,
          }),
        reusedQuery(app.db, `users:total:${presentKeys(values)}`, (db) =>
          db.select({ n: count() }).from(users).where(userListWhere(values)),
        ).execute(values),
      );
      return { data: rows.map(toUserDto), meta };
    },
  );
};

/** One page, with placeholders for the filters' values, limit and offset. */
function usersPage(db: Db | Tx, values: UserListValues, sort: { key: UserSortKey; desc: boolean }) {
  const direction = sort.desc ? desc : asc;
  return db
    .select(userColumns)
    .from(users)
    .leftJoin(branches, eq(branches.id, users.branchId))
    .where(userListWhere(values))
    .orderBy(direction(USER_SORT_COLUMNS[sort.key]), USER_SORT_COLUMNS.name, direction(users.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}
