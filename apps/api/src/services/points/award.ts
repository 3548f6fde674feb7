import { DEFAULT_TIMEZONE } from '@panel/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { pointActions, pointTransactions } from '../../db/schema/points.ts';
import { users } from '../../db/schema/users.ts';
import { type AwardRejection, businessDayBounds, checkAward } from './rules.ts';

export type { AwardRejection } from './rules.ts';

export interface LedgerReference {
  type: string;
  id: string | number;
}

export type AwardResult =
  | { awarded: true; transactionId: number; points: number }
  | { awarded: false; reason: AwardRejection };

/** Namespace of the engine's advisory locks (the two-key form, so it never meets the migration lock). */
const LOCK_NAMESPACE = 7_007;

let businessTimeZone = DEFAULT_TIMEZONE;

/** The zone whose days the daily limits count (APP_TIMEZONE); set once when the app is built. */
export function setPointsTimeZone(timeZone: string): void {
  businessTimeZone = timeZone;
}

export function pointsTimeZone(): string {
  return businessTimeZone;
}

/**
 * Awards `actionKey` to a user when every rule of DECISIONS §4 holds, in order: the action exists
 * and is active; fewer than daily_limit awards of it today (business day); cooldown_seconds since
 * the last one; no earlier award for the same (user, action, reference).
 *
 * It runs in its own transaction, or in a savepoint of the caller's, and serialises awards of one
 * (user, action) with a transaction-level advisory lock, so parallel requests never break a limit.
 * A refusal is not an error: it is returned (and logged), and the caller's own action goes on.
 */
export async function award(
  db: Db | Tx,
  input: {
    userId: number;
    actionKey: string;
    reference?: LedgerReference | null;
    now?: Date;
    /** The ledger row's description; the action's name by default. */
    description?: string;
  },
  log?: FastifyBaseLogger,
): Promise<AwardResult> {
  const now = input.now ?? new Date();
  const reference = input.reference ? { type: input.reference.type, id: String(input.reference.id) } : null;

  const result = await db.transaction(async (tx): Promise<AwardResult> => {
    const [action] = await tx
      .select({
        id: pointActions.id,
        name: pointActions.name,
        points: pointActions.points,
        active: pointActions.active,
        dailyLimit: pointActions.dailyLimit,
        cooldownSeconds: pointActions.cooldownSeconds,
      })
      .from(pointActions)
      .where(eq(pointActions.key, input.actionKey))
      .limit(1);
    const early = checkAward(
      action ?? null,
      { awardsToday: 0, lastAwardAt: null, referenceAwarded: false },
      now,
    );
    if (early || !action) return { awarded: false, reason: early ?? 'missing' };
    if (!(await isSeller(tx, input.userId))) return { awarded: false, reason: 'not_seller' };

    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}::int, hashtext(${`${input.userId}:${action.id}`}))`,
    );
    // Read after the lock: under READ COMMITTED each statement sees every award committed before it.
    const { start, end } = businessDayBounds(now, businessTimeZone);
    const mine = sql`user_id = ${input.userId} AND point_action_id = ${action.id}`;
    const [history] = await queryRows<{
      today: number | string;
      last_at: Date | string | null;
      duplicate: boolean;
    }>(
      tx,
      sql`SELECT
        (SELECT count(*)::int FROM point_transactions
          WHERE ${mine} AND created_at >= ${start.toISOString()}::timestamptz
            AND created_at < ${end.toISOString()}::timestamptz) AS today,
        (SELECT max(created_at) FROM point_transactions WHERE ${mine}) AS last_at,
        ${
          reference
            ? sql`EXISTS (SELECT 1 FROM point_transactions WHERE ${mine}
                AND reference_type = ${reference.type} AND reference_id = ${reference.id})`
            : sql`false`
        } AS duplicate`,
    );
    const reason = checkAward(
      action,
      {
        awardsToday: Number(history?.today ?? 0),
        lastAwardAt: history?.last_at ? new Date(history.last_at) : null,
        referenceAwarded: Boolean(history?.duplicate),
      },
      now,
    );
    if (reason) return { awarded: false, reason };

    const [row] = await tx
      .insert(pointTransactions)
      .values({
        userId: input.userId,
        pointActionId: action.id,
        points: action.points,
        description: input.description ?? action.name,
        referenceType: reference?.type ?? null,
        referenceId: reference?.id ?? null,
        createdAt: now,
      })
      // The unique award key is the backstop of the duplicate rule.
      .onConflictDoNothing()
      .returning({ id: pointTransactions.id });
    if (!row) return { awarded: false, reason: 'duplicate' };
    return { awarded: true, transactionId: row.id, points: action.points };
  });

  if (result.awarded) {
    log?.debug(
      { userId: input.userId, actionKey: input.actionKey, reference, points: result.points },
      'puntos otorgados',
    );
  } else {
    log?.info(
      { userId: input.userId, actionKey: input.actionKey, reference, reason: result.reason },
      'puntos no otorgados',
    );
  }
  return result;
}

/**
 * award() for side effects of a seller's action: a database error is logged and swallowed, so the
 * like, comment or view itself still happens (the savepoint keeps the caller's transaction usable).
 */
export async function awardQuietly(
  db: Db | Tx,
  input: Parameters<typeof award>[1],
  log?: FastifyBaseLogger,
): Promise<AwardResult | null> {
  try {
    return await award(db, input, log);
  } catch (error) {
    log?.error({ err: error, userId: input.userId, actionKey: input.actionKey }, 'error al otorgar puntos');
    return null;
  }
}

/**
 * A ledger row that is not an action award (a survey's points_reward). There is no action, so the
 * unique award key does not apply: the caller guarantees it is written once.
 */
export async function creditPoints(
  db: Db | Tx,
  input: { userId: number; points: number; description: string; reference: LedgerReference; now?: Date },
): Promise<number> {
  const [row] = await db
    .insert(pointTransactions)
    .values({
      userId: input.userId,
      pointActionId: null,
      points: input.points,
      description: input.description,
      referenceType: input.reference.type,
      referenceId: String(input.reference.id),
      createdAt: input.now ?? new Date(),
    })
    .returning({ id: pointTransactions.id });
  return row!.id;
}

/** Only sellers earn points: an administrator liking or answering through /api/app/* earns none. */
export async function isSeller(db: Db | Tx, userId: number): Promise<boolean> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.role === 'seller';
}
