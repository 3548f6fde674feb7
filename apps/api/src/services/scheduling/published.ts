import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../auth/sessions.ts';
import { visibleTo } from '../auth/visible-to.ts';

/**
 * "Published" (docs/product.md#scheduled-publishing): a post or a notification whose `publish_at` is
 * null. A scheduled one has its time there until the scheduled job publishes it (jobs.ts), so every
 * seller-facing query of posts and notifications reads this one fragment. `alias` is the table's
 * alias in the query (`p`, `n`).
 */
export function published(alias: 'p' | 'n'): SQL {
  return sql.raw(`${alias}.publish_at IS NULL`);
}

/**
 * What a caller of /api/app/* sees of posts (`p`) and notifications (`n`): published, and of their
 * branch or every branch (visibleTo).
 */
export function shownTo(user: SessionUser, alias: 'p' | 'n'): SQL {
  return sql`(${published(alias)} AND ${visibleTo(user, sql.raw(`${alias}.branch_id`))})`;
}
