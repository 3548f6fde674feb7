import { STORY_LIFETIME_HOURS } from '@panel/shared';
import { type Column, type SQL, sql } from 'drizzle-orm';
import { stories } from '../../db/schema/stories.ts';

/**
 * The one SQL definition of when a story stops showing: its `ends_at`, or 24 h after its `starts_at`
 * (after its publication when it has no start: `publish_at` while scheduled, then `created_at`, which
 * publishing sets). Every query about a story's expiry uses it: the panel's
 * list, the DTO's `expires_at`, the app's active stories and the view check
 * (docs/decisions/2026-12-02-story-lifetime-from-start.md). `storyExpiresAt` in packages/shared says
 * the same in TypeScript; test/api/content/stories.test.ts checks that the two agree.
 */
type Col = Column | SQL;

function expiry(startsAt: Col, endsAt: Col, publishAt: Col, createdAt: Col): SQL<Date> {
  const lifetime = sql.raw(`interval '${STORY_LIFETIME_HOURS} hours'`);
  return sql<Date>`COALESCE(${endsAt}, COALESCE(${startsAt}, ${publishAt}, ${createdAt}) + ${lifetime})`;
}

/** The expiry of the `stories` table's row, for Drizzle's query builder (mapped to a Date). */
export const storyExpiresAt = expiry(
  stories.startsAt,
  stories.endsAt,
  stories.publishAt,
  stories.createdAt,
).mapWith(stories.createdAt);

/** The expiry of the story under `alias` in raw SQL (`FROM stories s` → `storyExpiresAtOf('s')`). */
export function storyExpiresAtOf(alias: string): SQL<Date> {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return expiry(column('starts_at'), column('ends_at'), column('publish_at'), column('created_at'));
}

/** "Active" story: published (docs/product.md#scheduled-publishing), active, started, and not expired at `now`. */
export function storyIsActive(alias: string, now: Date): SQL {
  const at = now.toISOString();
  const started = sql.raw(`${alias}.starts_at`);
  return sql`(${sql.raw(`${alias}.publish_at IS NULL AND ${alias}.active`)}
    AND (${started} IS NULL OR ${started} <= ${at}::timestamptz)
    AND ${storyExpiresAtOf(alias)} > ${at}::timestamptz)`;
}
