import { makeListResponse, ZBranch, ZBranchListQuery } from '@panel/shared';
import { type AnyColumn, and, asc, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db, Tx } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import {
  fetchPage,
  likePattern,
  parseSort,
  presentKeys,
  reusedQuery,
  textSortKey,
} from '../../lib/list-query.ts';
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
      const values: BranchListValues = {
        q: query.q ? likePattern(query.q) : undefined,
        city: query.city || undefined,
      };
      const sort = parseSort<keyof typeof SORT_COLUMNS>(query.sort, 'name');
      // Built once per shape (which filters, which sort), then reused: docs/performance.md#cost-per-request.
      const shape = `${presentKeys(values)}${sort.key}:${sort.desc}`;
      const { rows, meta } = await fetchPage(
        query,
        (window) =>
          reusedQuery(app.db, `branches:page:${shape}`, (db) => branchesPage(db, values, sort)).execute({
            ...values,
            ...window,
          }),
        reusedQuery(app.db, `branches:total:${presentKeys(values)}`, (db) =>
          db.select({ n: count() }).from(branches).where(branchListWhere(values)),
        ).execute(values),
      );
      return { data: rows.map(toBranchDto), meta };
    },
  );
};

/** The list's search and filter, by the name of the placeholder each fills in branchListWhere. */
type BranchListValues = {
  /** likePattern(q), for the name, the city and the address. */
  q?: string;
  city?: string;
};

function branchListWhere(values: BranchListValues): SQL | undefined {
  const conditions: SQL[] = [];
  if (values.q !== undefined) {
    const q = sql.placeholder('q');
    const contains = (column: AnyColumn) => sql`f_unaccent(lower(${column})) LIKE f_unaccent(${q})`;
    conditions.push(or(contains(branches.name), contains(branches.city), contains(branches.address))!);
  }
  if (values.city !== undefined) conditions.push(eq(branches.city, sql.placeholder('city')));
  return and(...conditions);
}

/** One page, with placeholders for the filters' values, limit and offset. */
function branchesPage(
  db: Db | Tx,
  values: BranchListValues,
  sort: { key: keyof typeof SORT_COLUMNS; desc: boolean },
) {
  const direction = sort.desc ? desc : asc;
  // Branches without a city or address go last in either direction; ties go by name.
  const nulls = sort.desc ? sql`NULLS LAST` : sql``;
  return db
    .select(branchColumns)
    .from(branches)
    .where(branchListWhere(values))
    .orderBy(sql`${direction(SORT_COLUMNS[sort.key])} ${nulls}`, SORT_COLUMNS.name, direction(branches.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}
