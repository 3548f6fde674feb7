import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { iso } from '../../lib/iso.ts';

/**
 * Saves a device's push subscription for the user (a device taken over by another user becomes that
 * user's newest), and drops the user's oldest devices beyond `maxDevices` (their queued jobs end as `gone`).
 * `inserted`: the device is new.
 */
export async function subscribeDevice(
  db: Db,
  input: {
    userId: number;
    endpoint: string;
    keys: { p256dh: string; auth: string };
    userAgent: string | null;
    now: Date;
    maxDevices: number;
  },
): Promise<{ id: number; endpoint: string; created_at: string; inserted: boolean }> {
  const { userId, endpoint, keys, userAgent } = input;
  const now = input.now.toISOString();
  const row = await db.transaction(async (tx) => {
    // One subscriber at a time per user, so the device cap holds under parallel requests.
    await queryRows(tx, sql`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`);
    const [saved] = await queryRows<{
      id: number;
      endpoint: string;
      created_at: Date | string;
      inserted: boolean;
    }>(
      tx,
      sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, user_agent, created_at)
        VALUES (${userId}, ${endpoint}, ${keys.p256dh}, ${keys.auth}, ${userAgent}, ${now}::timestamptz)
        ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh,
          auth = EXCLUDED.auth, user_agent = EXCLUDED.user_agent,
          -- A device taken over by another user is that user's newest.
          created_at = CASE WHEN push_subscriptions.user_id = EXCLUDED.user_id
            THEN push_subscriptions.created_at ELSE EXCLUDED.created_at END
        RETURNING id, endpoint, created_at, (xmax = 0) AS inserted`,
    );
    // The oldest devices beyond the cap give way (their queued jobs end as `gone`).
    await queryRows(
      tx,
      sql`DELETE FROM push_subscriptions WHERE user_id = ${userId} AND id NOT IN (
        SELECT id FROM push_subscriptions WHERE user_id = ${userId}
        ORDER BY created_at DESC, id DESC LIMIT ${input.maxDevices})`,
    );
    return saved!;
  });
  return {
    id: row.id,
    endpoint: row.endpoint,
    created_at: iso(row.created_at),
    inserted: Boolean(row.inserted),
  };
}

/** Drops the user's subscription of a device; false when there was none. */
export async function unsubscribeDevice(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const deleted = await queryRows<{ id: number }>(
    db,
    sql`DELETE FROM push_subscriptions WHERE endpoint = ${endpoint} AND user_id = ${userId} RETURNING id`,
  );
  return deleted.length > 0;
}
