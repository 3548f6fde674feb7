import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';

/**
 * Columns that change on reads by design, left out of a table's checksum: a session's
 * last_seen_at is touched at most once a minute by any authenticated call.
 */
const VOLATILE_COLUMNS: Record<string, string[]> = {
  sessions: ['last_seen_at'],
};

/**
 * Tables any call may write to by design, left out: a seller's day in the app (`app_visits`) is noted by
 * their first call of the day, refused or not (docs/product.md#participacion), as a session's last use is;
 * the tables its trigger keeps (migration 0027) change with it.
 */
const VOLATILE_TABLES = new Set([
  'app_visits',
  'app_visit_weeks',
  'app_visit_week_counts',
  'app_last_visits',
  'engagement_week_counts',
  // A refused call may still have asked for a passkey sign-in's options: a single-use challenge of
  // 2 minutes, by design (docs/decisions/2026-12-04-passkeys.md).
  'webauthn_challenges',
  // Likewise a sign-in with the company's account under way: 10 minutes, single use
  // (docs/decisions/2026-12-04-oidc.md).
  'oidc_logins',
]);

/**
 * An md5 of every table of the public schema, computed in SQL from its rows in a fixed order
 * (each row as JSON, the volatile columns removed), with its row count. Two calls that return
 * equal maps saw identical data.
 */
export async function tableChecksums(db: Db): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    if (VOLATILE_TABLES.has(name)) continue;
    const dropped = (VOLATILE_COLUMNS[name] ?? []).map((c) => ` - '${c}'`).join('');
    const [row] = await queryRows<{ sum: string; n: string }>(
      db,
      sql.raw(
        `select md5(coalesce(string_agg(r, E'\\n' order by r), '')) as sum, count(*) as n ` +
          `from (select (to_jsonb(t)${dropped})::text as r from "${name}" t) s`,
      ),
    );
    out[name] = `${row!.n}:${row!.sum}`;
  }
  return out;
}
