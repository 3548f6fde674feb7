import { and, count, desc, eq, gte, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { surveys } from '../../db/schema/surveys.ts';
import { fetchPage } from '../../lib/list-query.ts';

/**
 * Available now (docs/product.md#surveys-availability-and-answers): published, active, started and
 * not closed; and meant for the branch (or for every branch).
 */
export function availableFor(branchId: number | null, now: Date): SQL {
  return and(
    isNull(surveys.publishAt),
    eq(surveys.active, true),
    or(isNull(surveys.startDate), lte(surveys.startDate, now)),
    or(isNull(surveys.endDate), gte(surveys.endDate, now)),
    branchId === null
      ? isNull(surveys.branchId)
      : or(isNull(surveys.branchId), eq(surveys.branchId, branchId)),
  )!;
}

/**
 * A survey's reminder has come for `userId`: it asks for one, its time (end − reminder_minutes) has
 * passed, and they have not answered (docs/decisions/2026-12-04-reminders.md).
 */
function reminderDueFor(userId: number, now: Date): SQL {
  return sql`(${surveys.reminderMinutes} IS NOT NULL
    AND ${surveys.endDate} - make_interval(mins => ${surveys.reminderMinutes}) <= ${now.toISOString()}::timestamptz
    AND NOT EXISTS (SELECT 1 FROM survey_responses r WHERE r.survey_id = ${surveys.id} AND r.user_id = ${userId}))`;
}

/** How many available surveys remind the user now (reminderDueFor): Avisos' count beside the unread notices. */
export async function remindersDue(
  db: Db,
  user: { id: number; branch_id: number | null },
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(surveys)
    .where(and(availableFor(user.branch_id, now), reminderDueFor(user.id, now)));
  return Number(row?.n ?? 0);
}

/**
 * The surveys available now to a user of the branch, newest first, one page, each with whether they
 * answered it; `reminder_due`: only those whose reminder has come for them.
 */
export function availableSurveysPage(
  db: Db,
  user: { id: number; branch_id: number | null },
  query: { page: number; per_page: number; reminder_due?: boolean | undefined },
  now: Date,
) {
  const where = and(
    availableFor(user.branch_id, now),
    query.reminder_due ? reminderDueFor(user.id, now) : undefined,
  )!;
  return fetchPage(
    query,
    ({ limit, offset }) =>
      db
        .select({
          id: surveys.id,
          title: surveys.title,
          description: surveys.description,
          branchId: surveys.branchId,
          pointsReward: surveys.pointsReward,
          startDate: surveys.startDate,
          endDate: surveys.endDate,
          answered: sql<boolean>`EXISTS (SELECT 1 FROM survey_responses r WHERE r.survey_id = "surveys"."id" AND r.user_id = ${user.id})`,
          // The reminder's time has come and they have not answered (docs/decisions/2026-12-04-reminders.md).
          reminderDue: sql<boolean>`${reminderDueFor(user.id, now)}`,
        })
        .from(surveys)
        .where(where)
        .orderBy(desc(surveys.createdAt), desc(surveys.id))
        .limit(limit)
        .offset(offset),
    db.select({ n: count() }).from(surveys).where(where),
  );
}
