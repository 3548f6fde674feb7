import { DEFAULT_TIMEZONE } from '@panel/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { pointTransactions } from '../../db/schema/points.ts';
import { users } from '../../db/schema/users.ts';
import { type AwardRejection, businessDayBounds, firstRefusal } from './rules.ts';
import { refusedSql } from './rules-sql.ts';

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
 * Awards `actionKey` to a user when every rule of docs/product.md#points-engine holds, in order: the action exists
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
    // Everything the rules read, in one statement and without the lock: a refusal read now stays
    // true (see awardGate), so only an award that may be written waits for the lock.
    const [gate] = await queryRows<AwardGateRow>(
      tx,
      awardGate({ userId: input.userId, actionKey: input.actionKey, reference, now }),
    );
    const early = gateRejection(gate!, now);
    if (early) return { awarded: false, reason: early };

    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}::int, hashtext(${`${input.userId}:${gate!.action_id}`}))`,
    );
    // Read again after the lock: under READ COMMITTED each statement sees every award committed before it.
    const [locked] = await queryRows<AwardGateRow>(
      tx,
      awardGate({ userId: input.userId, actionKey: input.actionKey, reference, now }),
    );
    const reason = gateRejection(locked!, now);
    if (reason) return { awarded: false, reason };
    const action = { id: locked!.action_id!, name: locked!.name!, points: locked!.points! };

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
    logRefusal(log, input, result.reason);
  }
  return result;
}

/** One row of awardGate(). */
export interface AwardGateRow {
  action_id: number | null;
  name: string | null;
  points: number | null;
  active: boolean | null;
  daily_limit: number | null;
  cooldown_seconds: number | null;
  seller: boolean;
  today: number;
  last_at: Date | string | null;
  duplicate: boolean;
  /** The rules refuse the award (the SQL form of gateRejection, for statements that act on it). */
  refused: boolean;
}

/**
 * One row with everything the rules of award() read, read without its lock: the action (null
 * columns when there is none), whether the user is a seller, the user's awards of it today
 * (business day of `now`), the latest one and whether `reference` was awarded; and `refused`,
 * the rules applied in SQL, so a caller's statement can act on the verdict in the same round trip
 * (the like: a like whose award is refused is written at once, without the engine's lock).
 *
 * A refusal read without the lock holds whatever commits meanwhile: the ledger is append-only, so
 * today's count, the latest award and the reference's award only grow. An award that may be
 * written must still go through award(), which re-reads under the lock. `refused` and gateRejection()
 * are both read from the one list of rules in rules.ts (AWARD_RULES; rules-sql.test.ts holds them equal).
 */
export function awardGate(input: {
  userId: number;
  actionKey: string;
  reference: LedgerReference | null;
  now: Date;
}): SQL {
  const { start, end } = businessDayBounds(input.now, businessTimeZone);
  const mine = sql`t.user_id = ${input.userId} AND t.point_action_id = a.id`;
  const reference = input.reference;
  // OFFSET 0 keeps the inner query whole: \`refused\` reads its columns instead of running every look-up twice.
  return sql`SELECT g.*, ${refusedSql('g', input.now)} AS refused
    FROM (
      SELECT a.id AS action_id, a.name, a.points, a.active, a.daily_limit, a.cooldown_seconds,
        coalesce((SELECT u.role = 'seller' FROM users u WHERE u.id = ${input.userId}), false) AS seller,
        coalesce((SELECT count(*)::int FROM point_transactions t WHERE ${mine}
          AND t.created_at >= ${start.toISOString()}::timestamptz
          AND t.created_at < ${end.toISOString()}::timestamptz), 0) AS today,
        (SELECT max(t.created_at) FROM point_transactions t WHERE ${mine}) AS last_at,
        coalesce(${
          reference
            ? sql`EXISTS (SELECT 1 FROM point_transactions t WHERE ${mine}
                AND t.reference_type = ${reference.type} AND t.reference_id = ${String(reference.id)})`
            : sql`false`
        }, false) AS duplicate
      FROM (SELECT 1) AS one LEFT JOIN point_actions a ON a.key = ${input.actionKey}
      OFFSET 0
    ) AS g`;
}

/** The first rule that refuses the award by the row of awardGate(), in award()'s order; null when none. */
export function gateRejection(row: AwardGateRow, now: Date): AwardRejection | null {
  return firstRefusal(
    {
      action_id: row.action_id,
      active: row.active,
      daily_limit: row.daily_limit,
      cooldown_seconds: row.cooldown_seconds,
      seller: Boolean(row.seller),
      today: Number(row.today),
      last_at: row.last_at ? new Date(row.last_at) : null,
      duplicate: Boolean(row.duplicate),
    },
    now,
  );
}

/** The engine's log line for a refusal (award() and callers that refuse through awardGate()). */
export function logRefusal(
  log: FastifyBaseLogger | undefined,
  input: { userId: number; actionKey: string; reference?: LedgerReference | null },
  reason: AwardRejection,
): void {
  const reference = input.reference ? { type: input.reference.type, id: String(input.reference.id) } : null;
  log?.info({ userId: input.userId, actionKey: input.actionKey, reference, reason }, 'puntos no otorgados');
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
