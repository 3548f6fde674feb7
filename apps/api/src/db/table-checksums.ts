import { sql } from 'drizzle-orm';
import { type Db, queryRows } from './client.ts';

export interface TableChecksum {
  rows: number;
  /** md5 of the table's rows as text, in text order: equal sums mean equal contents. */
  md5: string;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Every table of the public schema with its row count and an md5 of its ordered rows, plus
 * each sequence's last value (a restore that loses one would hand out used ids again).
 */
export async function tableChecksums(db: Db): Promise<Record<string, TableChecksum>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const result: Record<string, TableChecksum> = {};
  for (const { name } of tables) {
    const t = quoteIdent(name);
    const [row] = await queryRows<{ rows: number; md5: string }>(
      db,
      sql.raw(
        `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS md5 FROM ${t} t`,
      ),
    );
    result[name] = row!;
  }
  const sequences = await queryRows<{ name: string; last: string | null }>(
    db,
    sql`SELECT sequencename AS name, last_value::text AS last FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename`,
  );
  for (const s of sequences) result[`sequence:${s.name}`] = { rows: 0, md5: s.last ?? 'null' };
  return result;
}
