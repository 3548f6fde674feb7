import { RECENT_ACTIVITY_LIMIT, type TUserActivity } from '@panel/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, reusedRawQuery } from '../../db/client.ts';

/** The action text of each kind of entry in "Actividad Reciente". */
export const ACTIVITY_ACTIONS = {
  post: 'Creó una publicación',
  like: 'Le dio me gusta a una publicación',
  comment: 'Comentó una publicación',
  survey: 'Respondió una encuesta',
} as const;

const DETAILS_MAX = 120;
const PERIODS = ['today', 'd7', 'd30'] as const;

type CountsRow = {
  id: number;
  name: string;
  email: string;
  total_points: string | number;
} & Record<string, number | string>;

type RecentRow = {
  type: keyof typeof ACTIVITY_ACTIONS;
  details: string | null;
  created_at: Date | string;
};

/** Text shortened to DETAILS_MAX characters, with an ellipsis when cut. */
const snippet = (column: SQL) =>
  sql`CASE WHEN char_length(${column}) > ${DETAILS_MAX} THEN left(${column}, ${DETAILS_MAX - 1}) || '…' ELSE ${column} END`;

/** Total and per-period counts of one table's rows by the user. */
const counted = (prefix: string, table: string) => sql`
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS ${sql.identifier(`${prefix}_total`)},
      ${sql.join(
        PERIODS.map(
          (p) =>
            sql`count(*) FILTER (WHERE created_at >= bounds.${sql.identifier(p)} AND created_at <= bounds.now)::int AS ${sql.identifier(`${prefix}_${p}`)}`,
        ),
        sql`, `,
      )}
    FROM ${sql.identifier(table)} WHERE user_id = u.id
  ) AS ${sql.identifier(`${prefix}_counts`)}`;

const at = sql.placeholder('at');
const tz = sql.placeholder('tz');
const user = sql.placeholder('user_id');

/** The user, their all-time points and their counts per period (values: at, tz, user_id). */
const countsQuery = () => sql`
  WITH local AS (SELECT date_trunc('day', ${at}::timestamptz AT TIME ZONE ${tz}::text) AS midnight),
  bounds AS MATERIALIZED (
    SELECT ${at}::timestamptz AS now,
      (midnight AT TIME ZONE ${tz}::text) AS today,
      ((midnight - interval '6 days') AT TIME ZONE ${tz}::text) AS d7,
      ((midnight - interval '29 days') AT TIME ZONE ${tz}::text) AS d30
    FROM local
  )
  SELECT u.id, u.name, u.email, pt.total_points, sv.surveys_total, posts_counts.*, likes_counts.*, comments_counts.*
  FROM users u
  CROSS JOIN bounds
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(points), 0)::bigint AS total_points FROM point_totals
    WHERE period = 'all' AND period_start = DATE '1970-01-01' AND user_id = u.id
  ) AS pt
  CROSS JOIN LATERAL (SELECT count(*)::int AS surveys_total FROM survey_responses WHERE user_id = u.id) AS sv
  ${counted('posts', 'posts')}
  ${counted('likes', 'post_likes')}
  ${counted('comments', 'post_comments')}
  WHERE u.id = ${user}::int`;

/** The latest entries of each kind, then the latest of them all (values: user_id). */
const recentQuery = () => sql`
  (SELECT 'post' AS type, ${snippet(sql`content`)} AS details, created_at
    FROM posts WHERE user_id = ${user}::int ORDER BY created_at DESC LIMIT ${RECENT_ACTIVITY_LIMIT})
  UNION ALL
  (SELECT 'like', ${snippet(sql`p.content`)}, l.created_at
    FROM post_likes l JOIN posts p ON p.id = l.post_id
    WHERE l.user_id = ${user}::int ORDER BY l.created_at DESC LIMIT ${RECENT_ACTIVITY_LIMIT})
  UNION ALL
  (SELECT 'comment', ${snippet(sql`content`)}, created_at
    FROM post_comments WHERE user_id = ${user}::int ORDER BY created_at DESC LIMIT ${RECENT_ACTIVITY_LIMIT})
  UNION ALL
  (SELECT 'survey', s.title, r.created_at
    FROM survey_responses r JOIN surveys s ON s.id = r.survey_id
    WHERE r.user_id = ${user}::int ORDER BY r.created_at DESC LIMIT ${RECENT_ACTIVITY_LIMIT})
  ORDER BY created_at DESC, type
  LIMIT ${RECENT_ACTIVITY_LIMIT}`;

/**
 * A user's activity (docs/product.md#the-panels-screens), from the real rows: two queries sent together, each answered
 * from the (user_id, created_at) indexes. The points come from the user's all-time running total,
 * looked up by its whole key: without period_start the key's index walked every user's all-time
 * row (10 000 entries, 81 buffers, on the generated tenant) to find one. Both are prepared
 * statements: planning them took longer than running them. `bounds` is MATERIALIZED because a
 * prepared statement's generic plan cannot fold the time-zone arithmetic of its parameters: inlined,
 * it was computed again for every row counted (40 ms for a seller's 100 likes, against 0.7 ms). Periods use days of the business time zone:
 * "today" starts at the local midnight; last_7_days and last_30_days start at the local
 * midnight 6 and 29 days earlier (today included), all up to now.
 */
export async function getUserActivity(
  db: Db,
  userId: number,
  now: Date,
  timeZone: string,
): Promise<TUserActivity | null> {
  const values = { at: now.toISOString(), tz: timeZone, user_id: userId };
  const [[row], recent] = await Promise.all([
    reusedRawQuery<CountsRow>(db, 'user_activity_counts', countsQuery).execute(values),
    reusedRawQuery<RecentRow>(db, 'user_activity_recent', recentQuery).execute(values),
  ]);
  if (!row) return null;

  const n = (key: string) => Number(row[key] ?? 0);
  const period = (p: (typeof PERIODS)[number]) => ({
    posts: n(`posts_${p}`),
    likes: n(`likes_${p}`),
    comments: n(`comments_${p}`),
  });
  return {
    user: { id: Number(row.id), name: row.name, email: row.email, total_points: Number(row.total_points) },
    summary: {
      total_posts: n('posts_total'),
      total_likes: n('likes_total'),
      total_comments: n('comments_total'),
      total_surveys: n('surveys_total'),
    },
    period_stats: { today: period('today'), last_7_days: period('d7'), last_30_days: period('d30') },
    recent_activity: recent.map((r) => ({
      type: r.type,
      action: ACTIVITY_ACTIONS[r.type],
      details: r.details,
      date: (r.created_at instanceof Date ? r.created_at : new Date(r.created_at)).toISOString(),
    })),
  };
}
