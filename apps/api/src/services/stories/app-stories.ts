import { APP_MSG, type TAppStory, type TListMeta } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows } from '../../db/client.ts';
import { notFound } from '../../lib/http-errors.ts';
import { iso } from '../../lib/iso.ts';
import { fetchPage } from '../../lib/list-query.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { visibleTo } from '../auth/visible-to.ts';
import { fileUrl } from '../storage/file-url.ts';
import { recordStoryViews } from '../views/record-views.ts';
import { storyExpiresAtOf, storyIsActive } from './expiry.ts';

interface StoryRow {
  id: number;
  title: string;
  image_key: string;
  thumb_key: string | null;
  user_name: string;
  branch_id: number | null;
  branch_name: string | null;
  created_at: Date | string;
  starts_at: Date | string | null;
  expires_at: Date | string;
  viewed_by_me: boolean;
}

/** The active stories the caller may see, newest first, one page. */
export async function listActiveStories(
  db: Db,
  user: SessionUser,
  query: { page: number; per_page: number },
  now: Date,
): Promise<{ data: TAppStory[]; meta: TListMeta }> {
  const where = sql`${storyIsActive('s', now)} AND ${visibleTo(user, sql`s.branch_id`)}`;
  const { rows, meta } = await fetchPage(
    query,
    ({ limit, offset }) =>
      queryRows<StoryRow>(
        db,
        sql`SELECT s.id, s.title, s.image_key, s.thumb_key, u.name AS user_name, s.branch_id, b.name AS branch_name,
          s.created_at, s.starts_at, ${storyExpiresAtOf('s')} AS expires_at,
          EXISTS (SELECT 1 FROM story_views v WHERE v.story_id = s.id AND v.user_id = ${user.id}) AS viewed_by_me
        FROM stories s JOIN users u ON u.id = s.created_by LEFT JOIN branches b ON b.id = s.branch_id
        WHERE ${where}
        ORDER BY s.created_at DESC, s.id DESC LIMIT ${limit} OFFSET ${offset}`,
      ),
    queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM stories s WHERE ${where}`),
  );
  return {
    data: rows.map((s) => ({
      id: s.id,
      title: s.title,
      image_url: fileUrl(s.image_key),
      thumb_url: s.thumb_key ? fileUrl(s.thumb_key) : null,
      user_name: s.user_name,
      branch_id: s.branch_id,
      branch_name: s.branch_name,
      created_at: iso(s.created_at),
      starts_at: s.starts_at ? iso(s.starts_at) : null,
      expires_at: iso(s.expires_at),
      viewed_by_me: Boolean(s.viewed_by_me),
    })),
    meta,
  };
}

/**
 * The caller has seen an active story they may see (404 otherwise): once per seller, the first view
 * keeps its time and earns view_story. The writing is POST /api/app/views's (recordStoryViews).
 */
export async function viewStory(
  db: Db,
  input: { user: SessionUser; storyId: number; now: Date },
  log: FastifyBaseLogger,
): Promise<{ story_id: number; viewed_at: string; points_awarded: number }> {
  const { user, storyId, now } = input;
  return db.transaction(async (tx) => {
    const [story] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT s.id FROM stories s
        WHERE s.id = ${storyId} AND ${storyIsActive('s', now)} AND ${visibleTo(user, sql`s.branch_id`)}`,
    );
    if (!story) throw notFound(APP_MSG.storyNotFound);
    const { recorded, points } = await recordStoryViews(tx, { user, storyIds: [storyId], now }, log);
    let viewedAt = recorded[0]?.viewed_at;
    if (!viewedAt) {
      const [first] = await queryRows<{ viewed_at: Date | string }>(
        tx,
        sql`SELECT viewed_at FROM story_views WHERE story_id = ${storyId} AND user_id = ${user.id}`,
      );
      viewedAt = new Date(first!.viewed_at);
    }
    return { story_id: storyId, viewed_at: iso(viewedAt), points_awarded: points };
  });
}
