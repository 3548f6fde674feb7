import { STORY_LIFETIME_HOURS } from '@panel/shared';
import { type Column, type SQL, sql } from 'drizzle-orm';
import { stories } from '../../db/schema/stories.ts';

/**
 * The one SQL definition of when a story stops showing: its `ends_at`, or 24 h after its `starts_at`
 * (after its creation when it has no start). Every query about a story's expiry uses it: the panel's
 * list, the DTO's `expires_at`, the app's active stories and the view check
 * (docs/decisions/2026-12-02-story-lifetime-from-start.md). `storyExpiresAt` in packages/shared says
 * the same in TypeScript; test/api/content/stories.test.ts checks that the two agree.
 */
function expiry(startsAt: Column | SQL, endsAt: Column | SQL, createdAt: Column | SQL): SQL<Date> {
  const lifetime = sql.raw(`interval '${STORY_LIFETIME_HOURS} hours'`);
  return sql<Date>`COALESCE(${endsAt}, COALESCE(${startsAt}, ${createdAt}) + ${lifetime})`;
}

/** The expiry of the `stories` table's row, for Drizzle's query builder (mapped to a Date). */
export const storyExpiresAt = expiry(stories.startsAt, stories.endsAt, stories.createdAt).mapWith(
  stories.createdAt,
);

/** The expiry of the story under `alias` in raw SQL (`FROM stories s` → `storyExpiresAtOf('s')`). */
export function storyExpiresAtOf(alias: string): SQL<Date> {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return expiry(column('starts_at'), column('ends_at'), column('created_at'));
}

/** "Active" story: active, started, and not expired at `now`. */
export function storyIsActive(alias: string, now: Date): SQL {
  const at = now.toISOString();
  const started = sql.raw(`${alias}.starts_at`);
  return sql`(${sql.raw(`${alias}.active`)} AND (${started} IS NULL OR ${started} <= ${at}::timestamptz)
    AND ${storyExpiresAtOf(alias)} > ${at}::timestamptz)`;
}
