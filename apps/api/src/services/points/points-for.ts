import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';

/** The points an action gave a user for a reference, 0 when none (a replay answers what the first call did). */
export async function pointsFor(
  db: Db | Tx,
  award: { userId: number; actionKey: string; reference: { type: string; id: number | string } },
): Promise<number> {
  const [row] = await queryRows<{ points: number }>(
    db,
    sql`SELECT t.points FROM point_transactions t JOIN point_actions a ON a.id = t.point_action_id
      WHERE t.user_id = ${award.userId} AND a.key = ${award.actionKey}
        AND t.reference_type = ${award.reference.type} AND t.reference_id = ${String(award.reference.id)}`,
  );
  return row ? Number(row.points) : 0;
}
