import { isStoryLive, type TStory, type ZStoryListQuery } from '@panel/shared';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { stories } from '../../db/schema/stories.ts';
import { users } from '../../db/schema/users.ts';
import { containsText, fetchPage, parseSort, textSortKey } from '../../lib/list-query.ts';
import { inBranchScope } from '../auth/branch-scope.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { fileUrl } from '../storage/file-url.ts';
import { storyExpiresAt } from './expiry.ts';

export const storyColumns = {
  id: stories.id,
  title: stories.title,
  imageKey: stories.imageKey,
  thumbKey: stories.thumbKey,
  userName: users.name,
  active: stories.active,
  branchId: stories.branchId,
  branchName: branches.name,
  startsAt: stories.startsAt,
  endsAt: stories.endsAt,
  publishAt: stories.publishAt,
  expiresAt: storyExpiresAt,
  viewsCount: sql<number>`(SELECT count(*) FROM story_views v WHERE v.story_id = ${stories.id})::int`,
  createdAt: stories.createdAt,
};

export const storyJoins = {
  users: eq(users.id, stories.createdBy),
  branches: eq(branches.id, stories.branchId),
};

export type StoryRow = {
  id: number;
  title: string;
  imageKey: string;
  thumbKey: string | null;
  userName: string | null;
  active: boolean;
  branchId: number | null;
  branchName: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
  publishAt: Date | null;
  expiresAt: Date;
  viewsCount: number;
  createdAt: Date;
};

export function toStoryDto(row: StoryRow, now: Date): TStory {
  const dto = {
    id: row.id,
    title: row.title,
    image: fileUrl(row.imageKey),
    thumb_url: fileUrl(row.thumbKey ?? row.imageKey),
    user_name: row.userName?.trim() || 'Admin',
    active: row.active,
    branch_id: row.branchId,
    branch: row.branchName,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    expires_at: row.expiresAt.toISOString(),
    publish_at: row.publishAt?.toISOString() ?? null,
    views_count: Number(row.viewsCount),
    created_at: row.createdAt.toISOString(),
  };
  return { ...dto, is_live: isStoryLive(dto, now) };
}

/** One story as the panel lists it (after a write: it exists). */
export async function storyDto(db: Db, id: number, now: Date): Promise<TStory> {
  const [row] = await db
    .select(storyColumns)
    .from(stories)
    .leftJoin(users, storyJoins.users)
    .leftJoin(branches, storyJoins.branches)
    .where(eq(stories.id, id));
  return toStoryDto(row!, now);
}

const SORT_COLUMNS = {
  created_at: sql`${stories.createdAt}`,
  title: textSortKey(stories.title),
} satisfies Record<string, SQL>;

/** Stories `user` may see: every one for an administrator, their branch's for a manager. */
export const storiesInScope = (user: SessionUser) => inBranchScope(user, sql`${stories.branchId}`);

/**
 * One page of stories with their author, branch and views: `q` on the title; newest first by default.
 * A branch manager's page holds their branch's stories only.
 */
export async function selectStoriesPage(db: Db, query: z.infer<typeof ZStoryListQuery>, user: SessionUser) {
  const where = and(query.q ? containsText(stories.title, query.q) : undefined, storiesInScope(user));
  const sort = parseSort<keyof typeof SORT_COLUMNS>(query.sort, 'created_at', true);
  const direction = sort.desc ? desc : asc;
  return fetchPage(
    query,
    ({ limit, offset }) =>
      db
        .select(storyColumns)
        .from(stories)
        .leftJoin(users, storyJoins.users)
        .leftJoin(branches, storyJoins.branches)
        .where(where)
        .orderBy(direction(SORT_COLUMNS[sort.key]), direction(stories.id))
        .limit(limit)
        .offset(offset),
    db.select({ n: count() }).from(stories).where(where),
  );
}
