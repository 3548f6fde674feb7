import { SURVEY_MSG, type TPushPayload, ZEventType, ZSurveyDetail } from '@panel/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../../../src/db/client.ts';
import { eventTypes } from '../../../src/db/schema/events.ts';
import { pushSubscriptions } from '../../../src/db/schema/push.ts';
import { bearer, createBranch, createUser, newSurveyBody, tokenFor } from '../../../src/testing/factories.ts';
import {
  createTestContext,
  onTwoInstances,
  scheduledPass,
  type TestContext,
  withRestartedWorker,
} from '../../../src/testing/test-app.ts';

// Reminders (docs/decisions/2026-12-04-reminders.md): a survey's "Recordar a quienes no respondieron"
// and an event type's reminders are scheduled_jobs rows; the worker's pass at a later clock queues
// their pushes, exactly once across instances and restarts, and none once the record is gone,
// closed, deactivated or started.

const NOW = new Date('2026-12-04T15:00:00Z');
/** Monday 7 December, 12:00 in Buenos Aires (UTC−3). */
const CLOSE = '2026-12-07T15:00:00.000Z';
const at = (iso: string, minutes = 0) => new Date(Date.parse(iso) + minutes * 60_000);
let clock = NOW;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock });
});
afterAll(() => ctx?.close());

let branch: number;
let other: number;
/** Three sellers of `branch` (each with a device), one of `other`, one inactive of `branch`. */
let sellers: { id: number; token: string }[];
let outsider: number;
let inactive: number;
let endpointOf: Map<number, number>;
beforeEach(async () => {
  clock = NOW;
  await ctx.reset();
  branch = (await createBranch(ctx.db)).id;
  other = (await createBranch(ctx.db)).id;
  sellers = [];
  for (let i = 0; i < 3; i++) {
    const s = await createUser(ctx.db, { branchId: branch });
    sellers.push({ id: s.id, token: await tokenFor(ctx.db, s.id, NOW) });
  }
  outsider = (await createUser(ctx.db, { branchId: other })).id;
  inactive = (await createUser(ctx.db, { branchId: branch, active: false })).id;
  endpointOf = new Map();
  for (const userId of [...sellers.map((s) => s.id), outsider, inactive]) {
    const [sub] = await ctx.db
      .insert(pushSubscriptions)
      .values({
        userId,
        endpoint: `https://fcm.googleapis.com/fcm/send/recordatorio-${userId}`,
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      })
      .returning();
    endpointOf.set(sub!.id, userId);
  }
  adminTokens.clear();
});

/** The administrator, signed in at the test's clock. */
const adminTokens = new Map<number, string>();
async function asAdmin(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  let token = adminTokens.get(clock.getTime());
  if (!token) {
    token = await tokenFor(ctx.db, ctx.admin.id, clock);
    adminTokens.set(clock.getTime(), token);
  }
  return ctx.app.inject({ method, url, payload, headers: bearer(token) });
}

const runWorker = (db?: Db) => scheduledPass(ctx, () => clock)(db);

const jobs = () =>
  queryRows<{ kind: string; ref_id: number; slot: number; run_at: Date | string; status: string }>(
    ctx.db,
    sql`SELECT kind, ref_id, slot, run_at, status FROM scheduled_jobs ORDER BY kind, ref_id, slot`,
  );
const jobTimes = async () =>
  (await jobs()).map((j) => ({
    kind: j.kind,
    slot: j.slot,
    run_at: new Date(j.run_at).toISOString(),
    status: j.status,
  }));

/** The pushes queued: who gets each, when, and what it shows. */
async function pushes() {
  const rows = await queryRows<{
    subscription_id: number;
    run_at: Date | string;
    payload: TPushPayload;
    notification_id: number | null;
  }>(ctx.db, sql`SELECT subscription_id, run_at, payload, notification_id FROM push_jobs ORDER BY id`);
  return rows.map((r) => ({
    user: endpointOf.get(r.subscription_id)!,
    runAt: new Date(r.run_at).toISOString(),
    payload: r.payload,
    notification: r.notification_id,
  }));
}
const recipients = async () => (await pushes()).map((p) => p.user).sort((a, b) => a - b);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

// ---------------------------------------------------------------------------------------------
// Surveys
// ---------------------------------------------------------------------------------------------

const surveyBody = (fields: Record<string, unknown> = {}) => ({
  ...newSurveyBody('Satisfacción de diciembre', [
    { question_text: '¿Todo bien?', type: 'boolean', required: true },
  ]),
  branch_id: branch,
  end_date: CLOSE,
  reminder_minutes: 1440,
  ...fields,
});

async function createSurvey(fields: Record<string, unknown> = {}) {
  const res = await asAdmin('POST', '/api/admin/surveys', surveyBody(fields));
  expect(res.statusCode, res.body).toBe(201);
  return ZSurveyDetail.parse(res.json().data);
}

async function answer(
  seller: { id: number; token: string },
  survey: { id: number; questions: { id: number }[] },
) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/app/surveys/${survey.id}/responses`,
    payload: { answers: [{ question_id: survey.questions[0]!.id, value: true }] },
    headers: bearer(await tokenFor(ctx.db, seller.id, clock)),
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe("a survey's reminder", () => {
  it('is stored, read back, and scheduled at its time before the close', async () => {
    const survey = await createSurvey();
    expect(survey.reminder_minutes).toBe(1440);
    const read = await asAdmin('GET', `/api/admin/surveys/${survey.id}`);
    expect(read.json().data.reminder_minutes).toBe(1440);
    expect(await jobTimes()).toEqual([
      { kind: 'survey_reminder', slot: 0, run_at: at(CLOSE, -1440).toISOString(), status: 'pending' },
    ]);
  });

  it('goes only to the active sellers of its audience who have not answered, one push each', async () => {
    const survey = await createSurvey();
    await answer(sellers[0]!, survey);
    clock = at(CLOSE, -1439);
    expect(await runWorker()).toBe(1);
    expect(await recipients()).toEqual(sorted([sellers[1]!.id, sellers[2]!.id]));
    const [first] = await pushes();
    expect(first!.notification).toBeNull();
    expect(first!.payload).toEqual({
      title: 'Recordatorio: Satisfacción de diciembre',
      body: 'La encuesta cierra el lun 7 dic, 12:00. Todavía no la respondiste.',
      notification_id: null,
      url: `/comunidad/encuestas/${survey.id}`,
      icon: null,
      tag: `survey-reminder-${survey.id}`,
    });
    expect((await jobs())[0]!.status).toBe('done');
    // Once: a later pass sends nothing more.
    clock = at(CLOSE, -60);
    expect(await runWorker()).toBe(0);
    expect(await pushes()).toHaveLength(2);
  });

  it("marks it in the app's Encuestas for who has not answered, from its time until answered", async () => {
    const survey = await createSurvey();
    await answer(sellers[0]!, survey);
    const dueFor = async (seller: { id: number }) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/app/surveys',
        headers: bearer(await tokenFor(ctx.db, seller.id, clock)),
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { id: number; reminder_due: boolean }[]).find((s) => s.id === survey.id)
        ?.reminder_due;
    };
    clock = at(CLOSE, -1441);
    expect(await dueFor(sellers[1]!)).toBe(false);
    clock = at(CLOSE, -1440);
    expect(await dueFor(sellers[1]!)).toBe(true);
    expect(await dueFor(sellers[0]!)).toBe(false);
    await answer(sellers[1]!, survey);
    expect(await dueFor(sellers[1]!)).toBe(false);
  });

  it('lists it on top of Avisos (reminders_due and ?reminder_due=true) for who has not answered, until answered', async () => {
    const survey = await createSurvey();
    await answer(sellers[0]!, survey);
    const avisos = async (seller: { id: number }) => {
      const headers = bearer(await tokenFor(ctx.db, seller.id, clock));
      const count = await ctx.app.inject({
        method: 'GET',
        url: '/api/app/notifications/unread-count',
        headers,
      });
      expect(count.statusCode, count.body).toBe(200);
      const list = await ctx.app.inject({
        method: 'GET',
        url: '/api/app/surveys?reminder_due=true',
        headers,
      });
      expect(list.statusCode, list.body).toBe(200);
      return {
        due: count.json().data.reminders_due as number,
        listed: (list.json().data as { id: number; reminder_due: boolean }[]).map((s) => [
          s.id,
          s.reminder_due,
        ]),
      };
    };
    clock = at(CLOSE, -1441);
    expect(await avisos(sellers[1]!)).toEqual({ due: 0, listed: [] });
    clock = at(CLOSE, -1440);
    expect(await avisos(sellers[1]!)).toEqual({ due: 1, listed: [[survey.id, true]] });
    expect(await avisos(sellers[0]!)).toEqual({ due: 0, listed: [] });
    await answer(sellers[1]!, survey);
    expect(await avisos(sellers[1]!)).toEqual({ due: 0, listed: [] });
  });

  it('for every branch goes to the active sellers of all of them', async () => {
    await createSurvey({ branch_id: 0 });
    clock = at(CLOSE, -1439);
    await runWorker();
    expect(await recipients()).toEqual(sorted([...sellers.map((s) => s.id), outsider]));
  });

  it('is not due before its time', async () => {
    await createSurvey();
    clock = at(CLOSE, -1441);
    expect(await runWorker()).toBe(0);
    expect(await pushes()).toEqual([]);
  });

  it('moves with the close date and the choice, and goes when switched off', async () => {
    const survey = await createSurvey();
    const later = '2026-12-09T15:00:00.000Z';
    const put = await asAdmin('PUT', `/api/admin/surveys/${survey.id}`, {
      ...surveyBody({ end_date: later, reminder_minutes: 180 }),
      questions: [
        { id: survey.questions[0]!.id, question_text: '¿Todo bien?', type: 'boolean', required: true },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.reminder_minutes).toBe(180);
    expect((await jobTimes())[0]!.run_at).toBe(at(later, -180).toISOString());
    // At the old time nothing goes.
    clock = at(CLOSE, -1439);
    expect(await runWorker()).toBe(0);
    expect(await pushes()).toEqual([]);

    const off = await asAdmin('PUT', `/api/admin/surveys/${survey.id}`, {
      ...surveyBody({ end_date: later, reminder_minutes: null }),
      questions: [
        { id: survey.questions[0]!.id, question_text: '¿Todo bien?', type: 'boolean', required: true },
      ],
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.reminder_minutes).toBeNull();
    expect(await jobs()).toEqual([]);
  });

  it('once sent, goes again only when its time moves (a later close), not on another edit', async () => {
    const survey = await createSurvey();
    const put = (fields: Record<string, unknown>) =>
      asAdmin('PUT', `/api/admin/surveys/${survey.id}`, {
        ...surveyBody(fields),
        questions: [
          { id: survey.questions[0]!.id, question_text: '¿Todo bien?', type: 'boolean', required: true },
        ],
      });
    clock = at(CLOSE, -1439);
    expect(await runWorker()).toBe(1);
    expect((await put({ title: 'Satisfacción de diciembre (corregida)' })).statusCode).toBe(200);
    expect((await jobs())[0]!.status).toBe('done');
    const later = '2026-12-10T15:00:00.000Z';
    expect((await put({ end_date: later })).statusCode).toBe(200);
    expect(await jobTimes()).toEqual([
      { kind: 'survey_reminder', slot: 0, run_at: at(later, -1440).toISOString(), status: 'pending' },
    ]);
    clock = at(later, -1439);
    expect(await runWorker()).toBe(1);
    expect(await pushes()).toHaveLength(6);
  });

  it('needs a close date, and one of the offered times', async () => {
    const noEnd = await asAdmin('POST', '/api/admin/surveys', surveyBody({ end_date: null }));
    expect(noEnd.statusCode).toBe(400);
    expect(noEnd.json().errors.reminder_minutes).toEqual([SURVEY_MSG.reminderNeedsEnd]);
    const odd = await asAdmin('POST', '/api/admin/surveys', surveyBody({ reminder_minutes: 7 }));
    expect(odd.statusCode).toBe(400);
    expect(odd.json().errors.reminder_minutes).toEqual([SURVEY_MSG.reminderInvalid]);
    expect(await jobs()).toEqual([]);
  });

  it('whose time has passed is not scheduled', async () => {
    clock = at(CLOSE, -120);
    await createSurvey({ reminder_minutes: 180 });
    expect(await jobs()).toEqual([]);
  });

  it('sends nothing once the survey was deactivated, closed early or deleted', async () => {
    const deactivated = await createSurvey();
    const closed = await createSurvey({ title: 'Cerrada antes' });
    const deleted = await createSurvey({ title: 'Borrada' });
    expect(
      (await asAdmin('PATCH', `/api/admin/surveys/${deactivated.id}/toggle`, { active: false })).statusCode,
    ).toBe(200);
    // Closed meanwhile, after its reminder was scheduled (the job is then moved out of reach).
    await queryRows(
      ctx.db,
      sql`UPDATE surveys SET end_date = ${at(CLOSE, -1500).toISOString()}::timestamptz WHERE id = ${closed.id}`,
    );
    expect((await asAdmin('DELETE', `/api/admin/surveys/${deleted.id}`)).statusCode).toBe(204);
    expect((await jobs()).map((j) => j.ref_id)).toEqual([deactivated.id, closed.id]);
    clock = at(CLOSE, -1439);
    expect(await runWorker()).toBe(0);
    expect(await pushes()).toEqual([]);
  });

  it("keeps a seller's quiet hours, and skips one whose window ends after the close", async () => {
    // 23:00–07:00 in Buenos Aires: the reminder is due at 12:00 on Sunday, outside it.
    await queryRows(
      ctx.db,
      sql`INSERT INTO seller_quiet_hours (user_id, start_minute, end_minute) VALUES (${sellers[0]!.id}, ${11 * 60}, ${14 * 60})`,
    );
    // Due at 11:00 Buenos Aires (1 hour before a 12:00 close): sellers[0] is in 11:00–14:00, which ends after it.
    await createSurvey({ reminder_minutes: 60 });
    clock = at(CLOSE, -60);
    await runWorker();
    expect(await recipients()).toEqual(sorted([sellers[1]!.id, sellers[2]!.id]));
  });
});

// ---------------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------------

/** Tuesday 8 December, 10:00 in Buenos Aires. */
const START = '2026-12-08T13:00:00.000Z';
const END = '2026-12-08T15:00:00.000Z';

async function eventType(fields: { reminder_minutes?: number[]; urgent?: boolean } = {}) {
  const res = await asAdmin('POST', '/api/event-types', {
    name: `Capacitación ${Math.random().toString(36).slice(2, 7)}`,
    color: '#1971C2',
    reminder_minutes: [1440, 60],
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return ZEventType.parse(res.json().data);
}

async function createEvent(typeId: number, fields: Record<string, unknown> = {}) {
  const res = await asAdmin('POST', '/api/events', {
    event_type_id: typeId,
    branch_id: branch,
    title: 'Capacitación de productos',
    start_at: START,
    end_at: END,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number };
}

describe("an event's reminders", () => {
  it('come from its type: stored, read back, one job per reminder', async () => {
    const type = await eventType();
    expect(type.reminder_minutes).toEqual([1440, 60]);
    expect(type.urgent).toBe(false);
    expect((await asAdmin('GET', `/api/event-types/${type.id}`)).json().data.reminder_minutes).toEqual([
      1440, 60,
    ]);
    await createEvent(type.id);
    expect(await jobTimes()).toEqual([
      { kind: 'event_reminder', slot: 60, run_at: at(START, -60).toISOString(), status: 'pending' },
      { kind: 'event_reminder', slot: 1440, run_at: at(START, -1440).toISOString(), status: 'pending' },
    ]);
  });

  it("go to the event's active sellers at both times, once each", async () => {
    const type = await eventType();
    const event = await createEvent(type.id);
    clock = at(START, -1440);
    expect(await runWorker()).toBe(1);
    expect(await recipients()).toEqual(sorted(sellers.map((s) => s.id)));
    const [first] = await pushes();
    expect(first!.payload).toEqual({
      title: 'Recordatorio: Capacitación de productos',
      body: 'Empieza el mar 8 dic, 10:00.',
      notification_id: null,
      url: '/comunidad/agenda',
      icon: null,
      tag: `event-reminder-${event.id}-1440`,
    });
    clock = at(START, -60);
    expect(await runWorker()).toBe(1);
    expect(await pushes()).toHaveLength(6);
    clock = at(START, -1);
    expect(await runWorker()).toBe(0);
    expect(await pushes()).toHaveLength(6);
  });

  it('move with the start and the type, and go with the event', async () => {
    const type = await eventType();
    const event = await createEvent(type.id);
    const later = '2026-12-10T13:00:00.000Z';
    const moved = await asAdmin('PUT', `/api/events/${event.id}`, {
      event_type_id: type.id,
      branch_id: branch,
      title: 'Capacitación de productos',
      start_at: later,
      end_at: '2026-12-10T15:00:00.000Z',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await jobTimes()).map((j) => j.run_at)).toEqual([
      at(later, -60).toISOString(),
      at(later, -1440).toISOString(),
    ]);
    // The type keeps only "1 hora antes" and adds "3 horas antes".
    const edited = await asAdmin('PUT', `/api/event-types/${type.id}`, {
      name: type.name,
      color: type.color,
      reminder_minutes: [60, 180],
      urgent: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.reminder_minutes).toEqual([180, 60]);
    expect((await jobTimes()).map((j) => j.slot)).toEqual([60, 180]);

    expect((await asAdmin('DELETE', `/api/events/${event.id}`)).statusCode).toBe(204);
    expect(await jobs()).toEqual([]);
  });

  it('send nothing once the event was deleted or has started', async () => {
    const type = await eventType({ reminder_minutes: [60] });
    const deleted = await createEvent(type.id);
    const started = await createEvent(type.id, { title: 'Adelantado' });
    // Moved to before the reminder without the API (the job is out of reach of its own check then).
    await queryRows(
      ctx.db,
      sql`UPDATE events SET start_at = ${at(START, -61).toISOString()}::timestamptz WHERE id = ${started.id}`,
    );
    // Deleted in bulk: the trigger drops its job too.
    const bulk = await asAdmin('POST', '/api/events/bulk-delete', { ids: [deleted.id] });
    expect(bulk.statusCode, bulk.body).toBeLessThan(300);
    expect((await jobs()).map((j) => j.ref_id)).toEqual([started.id]);
    clock = at(START, -60);
    expect(await runWorker()).toBe(0);
    expect(await pushes()).toEqual([]);
  });

  it("wait for a seller's quiet hours, skip one whose window ends after the start, and an urgent type ignores them", async () => {
    // 08:00–09:30 and 08:00–11:00 Buenos Aires: the 1-hour reminder is due at 09:00, the event starts at 10:00.
    await queryRows(
      ctx.db,
      sql`INSERT INTO seller_quiet_hours (user_id, start_minute, end_minute)
        VALUES (${sellers[0]!.id}, ${8 * 60}, ${9 * 60 + 30}), (${sellers[1]!.id}, ${8 * 60}, ${11 * 60})`,
    );
    const calm = await eventType({ reminder_minutes: [60] });
    await createEvent(calm.id);
    clock = at(START, -60);
    await runWorker();
    const byUser = new Map((await pushes()).map((p) => [p.user, p.runAt]));
    expect(sorted([...byUser.keys()])).toEqual(sorted([sellers[0]!.id, sellers[2]!.id]));
    expect(byUser.get(sellers[0]!.id)).toBe(at(START, -30).toISOString());
    expect(byUser.get(sellers[2]!.id)).toBe(at(START, -60).toISOString());

    await queryRows(ctx.db, sql`DELETE FROM push_jobs`);
    clock = NOW;
    const urgent = await eventType({ reminder_minutes: [60], urgent: true });
    await createEvent(urgent.id, { title: 'Urgente' });
    clock = at(START, -60);
    await runWorker();
    const now = (await pushes()).map((p) => p.runAt);
    expect(now).toHaveLength(3);
    expect(new Set(now)).toEqual(new Set([at(START, -60).toISOString()]));
  });

  it('refuse a reminder that is not offered', async () => {
    const res = await asAdmin('POST', '/api/event-types', {
      name: 'Raro',
      color: '#000000',
      reminder_minutes: [5],
    });
    expect(res.statusCode).toBe(400);
    expect(await ctx.db.select().from(eventTypes)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Exactly once
// ---------------------------------------------------------------------------------------------

describe('exactly once', () => {
  it('two workers at once (two instances on one database) send each reminder once', async () => {
    const type = await eventType({ reminder_minutes: [60] });
    for (let i = 0; i < 3; i++) await createEvent(type.id, { title: `Evento ${i}` });
    for (let i = 0; i < 3; i++)
      await createSurvey({
        title: `Encuesta ${i}`,
        end_date: at(START, 0).toISOString(),
        reminder_minutes: 60,
      });
    clock = at(START, -60);
    const [a, b] = await onTwoInstances(ctx, runWorker);
    expect(a + b).toBe(6);
    // Six reminders to three sellers with a device each: 18 pushes, none twice.
    const all = await pushes();
    expect(all).toHaveLength(18);
    expect(new Set(all.map((p) => `${p.payload.tag}:${p.user}`)).size).toBe(18);
    expect((await jobs()).every((j) => j.status === 'done')).toBe(true);
  });

  it('a worker that dies mid-reminder leaves nothing queued: the reminder goes at the next start', async () => {
    await createSurvey();
    clock = at(CLOSE, -1439);
    await ctx.db
      .transaction(async (tx) => {
        await queryRows(tx, sql`SELECT id FROM scheduled_jobs FOR UPDATE SKIP LOCKED`);
        await queryRows(
          tx,
          sql`INSERT INTO push_jobs (payload, subscription_id) SELECT '{}'::jsonb, id FROM push_subscriptions`,
        );
        throw new Error('SIGKILL');
      })
      .catch(() => {});
    expect(await pushes()).toEqual([]);
    expect((await jobs())[0]!.status).toBe('pending');
    // No device answers in a test: the restarted worker's sends fail, but the reminder's jobs are queued once.
    // No network in a test: every address lookup fails, so the sends fail and nothing leaves.
    const lookup = async (): Promise<never> => {
      throw new Error('sin red en las pruebas');
    };
    await withRestartedWorker(ctx, { now: () => clock, push: { lookup } }, async () => {
      await expect.poll(async () => (await jobs())[0]!.status, { timeout: 10_000 }).toBe('done');
    });
    expect(await recipients()).toEqual(sorted(sellers.map((s) => s.id)));
  });
});
