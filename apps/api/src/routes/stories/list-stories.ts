import { makeListResponse, ZStory, ZStoryListQuery } from '@panel/shared';
import { asc, count, desc, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { branches } from '../../db/schema/branches.ts';
import { stories } from '../../db/schema/stories.ts';
import { users } from '../../db/schema/users.ts';
import { containsText, fetchPage, parseSort, textSortKey } from '../../lib/list-query.ts';
import { errors } from '../schemas.ts';
import { storyColumns, storyJoins, toStoryDto } from './story-dto.ts';

const SORT_COLUMNS = {
  created_at: sql`${stories.createdAt}`,
  title: textSortKey(stories.title),
} satisfies Record<string, SQL>;

export const listStoriesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/stories',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['historias'],
        summary: 'Listar historias',
        description: '`q` busca en el título. Por defecto, las más nuevas primero.',
        querystring: ZStoryListQuery,
        response: { 200: makeListResponse(ZStory), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const query = request.query;
      const where = query.q ? containsText(stories.title, query.q) : undefined;
      const sort = parseSort<keyof typeof SORT_COLUMNS>(query.sort, 'created_at', true);
      const direction = sort.desc ? desc : asc;
      const { rows, meta } = await fetchPage(
        query,
        ({ limit, offset }) =>
          app.db
            .select(storyColumns)
            .from(stories)
            .leftJoin(users, storyJoins.users)
            .leftJoin(branches, storyJoins.branches)
            .where(where)
            .orderBy(direction(SORT_COLUMNS[sort.key]), direction(stories.id))
            .limit(limit)
            .offset(offset),
        app.db.select({ n: count() }).from(stories).where(where),
      );
      const now = app.now();
      return { data: rows.map((r) => toStoryDto(r, now)), meta };
    },
  );
};
