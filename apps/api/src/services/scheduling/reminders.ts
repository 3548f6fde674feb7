import { eventReminderPayload, surveyReminderPayload } from '@panel/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { enqueuePush } from '../push/queue.ts';

/**
 * Reminders (docs/decisions/2026-12-04-reminders.md): a survey's "Recordar a quienes no respondieron"
 * and an event type's reminders, as `scheduled_jobs` rows run by the push worker's loop (jobs.ts), so
 * exactly once across instances and restarts. Each write of a survey, an event or an event type calls
 * a sync here in its transaction: the pending jobs then say what the record says now (moved, added,
 * dropped). Deleting the record drops its jobs (a trigger). When a job runs, its effect checks the
 * record again (closed, deactivated, started, reminder removed: nothing is sent).
 */

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** When a survey's reminder is due: `reminder_minutes` before its end date (`s` is the survey). */
const surveyRunAt = sql`s.end_date - make_interval(mins => s.reminder_minutes)`;

/**
 * Makes the survey's reminder job match the survey: pending at end_date − reminder_minutes while that
 * is later than `now`, none otherwise (off, no end date, or too late). A reminder already sent is sent
 * again only when its time moved (the close date or the choice changed).
 */
export async function syncSurveyReminder(tx: Db | Tx, surveyId: number, now: Date): Promise<void> {
  const due = sql`s.reminder_minutes IS NOT NULL AND s.end_date IS NOT NULL AND ${surveyRunAt} > ${at(now)}`;
  await queryRows(
    tx,
    sql`DELETE FROM scheduled_jobs j WHERE j.kind = 'survey_reminder' AND j.ref_id = ${surveyId}
      AND j.status = 'pending' AND NOT EXISTS (SELECT 1 FROM surveys s WHERE s.id = j.ref_id AND ${due})`,
  );
  await queryRows(
    tx,
    sql`INSERT INTO scheduled_jobs (kind, ref_id, slot, run_at)
      SELECT 'survey_reminder', s.id, 0, ${surveyRunAt} FROM surveys s WHERE s.id = ${surveyId} AND ${due}
      ${moveOnConflict}`,
  );
}

/** An upsert's conflict: a pending job moves; a done or failed one starts again only when its time moved. */
const moveOnConflict = sql`ON CONFLICT (kind, ref_id, slot) DO UPDATE SET run_at = excluded.run_at,
  status = 'pending', attempts = 0, last_error = NULL, done_at = NULL
  WHERE scheduled_jobs.status = 'pending' OR scheduled_jobs.run_at <> excluded.run_at`;

/** When an event's reminder of `m` minutes is due (`e` is the event). */
const eventRunAt = (m: SQL) => sql`e.start_at - make_interval(mins => ${m})`;

/**
 * Makes the reminder jobs of the events `where` names (a condition on `e`, the events table) match
 * their type's reminders: one pending job per reminder whose time (start − minutes) is later than
 * `now`, keyed by its minutes (`slot`); pending jobs of reminders the type no longer has, or whose time
 * has passed, are dropped.
 */
export async function syncEventReminders(tx: Db | Tx, where: SQL, now: Date): Promise<void> {
  await queryRows(
    tx,
    sql`DELETE FROM scheduled_jobs j WHERE j.kind = 'event_reminder' AND j.status = 'pending'
      AND j.ref_id IN (SELECT e.id FROM events e WHERE ${where})
      AND NOT EXISTS (SELECT 1 FROM events e JOIN event_types t ON t.id = e.event_type_id
        WHERE e.id = j.ref_id AND j.slot = ANY(t.reminder_minutes) AND ${eventRunAt(sql`j.slot`)} > ${at(now)})`,
  );
  await queryRows(
    tx,
    sql`INSERT INTO scheduled_jobs (kind, ref_id, slot, run_at)
      SELECT 'event_reminder', e.id, m.minutes, ${eventRunAt(sql`m.minutes`)}
      FROM events e JOIN event_types t ON t.id = e.event_type_id
      CROSS JOIN LATERAL unnest(t.reminder_minutes) AS m (minutes)
      WHERE ${where} AND ${eventRunAt(sql`m.minutes`)} > ${at(now)}
      ${moveOnConflict}`,
  );
}

/** The active sellers of a record's audience: its branch's, or everyone's when it is for every branch. */
const sellersOf = (branchId: number | null) =>
  sql`u.role = 'seller' AND u.active AND ${branchId === null ? sql`true` : sql`u.branch_id = ${branchId}`}`;

/**
 * A survey's reminder, due now: one push per device of the audience's active sellers who have not
 * answered it, with their "No molestar" (a seller whose window ends after the close gets none). Nothing
 * when the survey was deactivated, has closed, is not open yet or no longer asks for a reminder.
 * Returns how many pushes it queued, or null when it sent nothing because of the survey.
 */
export async function sendSurveyReminder(
  tx: Db | Tx,
  surveyId: number,
  now: Date,
  timeZone: string,
): Promise<number | null> {
  const [survey] = await queryRows<{
    id: number;
    title: string;
    branch_id: number | null;
    end_date: Date | string;
  }>(
    tx,
    sql`SELECT s.id, s.title, s.branch_id, s.end_date FROM surveys s
      WHERE s.id = ${surveyId} AND s.publish_at IS NULL AND s.active AND s.reminder_minutes IS NOT NULL
        AND s.end_date > ${at(now)} AND (s.start_date IS NULL OR s.start_date <= ${at(now)})`,
  );
  if (!survey) return null;
  const endDate = new Date(survey.end_date);
  return enqueuePush(
    tx,
    {
      audience: sql`${sellersOf(survey.branch_id)}
        AND NOT EXISTS (SELECT 1 FROM survey_responses r WHERE r.survey_id = ${survey.id} AND r.user_id = u.id)`,
      payload: surveyReminderPayload({ id: survey.id, title: survey.title, endDate }, timeZone),
      urgent: false,
      notAfter: endDate,
    },
    now,
    timeZone,
  );
}

/**
 * An event's reminder of `minutes`, due now: one push per device of the event's active sellers, with
 * their "No molestar" unless the type is urgent (a seller whose window ends after the start gets none).
 * Nothing when the event has started or its type no longer has this reminder. Returns how many pushes
 * it queued, or null when it sent nothing because of the event.
 */
export async function sendEventReminder(
  tx: Db | Tx,
  eventId: number,
  minutes: number,
  now: Date,
  timeZone: string,
): Promise<number | null> {
  const [event] = await queryRows<{
    id: number;
    title: string;
    branch_id: number | null;
    start_at: Date | string;
    urgent: boolean;
  }>(
    tx,
    sql`SELECT e.id, e.title, e.branch_id, e.start_at, t.urgent FROM events e
      JOIN event_types t ON t.id = e.event_type_id
      WHERE e.id = ${eventId} AND e.start_at > ${at(now)} AND ${minutes}::int = ANY(t.reminder_minutes)`,
  );
  if (!event) return null;
  const startAt = new Date(event.start_at);
  return enqueuePush(
    tx,
    {
      audience: sellersOf(event.branch_id),
      payload: eventReminderPayload({ id: event.id, title: event.title, startAt }, minutes, timeZone),
      urgent: event.urgent,
      notAfter: startAt,
    },
    now,
    timeZone,
  );
}
