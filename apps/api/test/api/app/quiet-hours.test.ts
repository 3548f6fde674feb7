import { QUIET_MSG } from '@panel/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationTypes } from '../../../src/db/schema/notifications.ts';
import { pushJobs, pushSubscriptions } from '../../../src/db/schema/push.ts';
import { bearer, createBranch, createUser, tokenFor } from '../../../src/testing/factories.ts';
import {
  createPushTestContext,
  type Device,
  type LocalPushService,
} from '../../../src/testing/push-service.ts';
import type { TestContext } from '../../../src/testing/test-app.ts';

// "No molestar" (issue 23.6) on the real queue and a local push service that decrypts what arrives:
// a push due in a seller's window waits for its end (the job's run_at moves, nothing is dropped),
// the notification is in their list at once, and an urgent one goes now. Business zone: Buenos Aires
// (UTC-3, no DST), set explicitly.

const TZ = 'America/Argentina/Buenos_Aires';
/** A wall-clock time in Buenos Aires as an instant. */
const ba = (iso: string) => new Date(`${iso}-03:00`);
let clock = ba('2026-11-27T23:00:00');
let ctx: TestContext;
let service: LocalPushService;
beforeAll(async () => {
  ({ ctx, service } = await createPushTestContext({ now: () => clock, env: { APP_TIMEZONE: TZ } }));
});
afterAll(async () => {
  await ctx?.close();
  await service?.stop();
});

let branch: number;
let typeId: number;
let adminToken: string;
let quiet: { id: number; token: string };
let awake: { id: number; token: string };
let quietPhone: Device;

beforeEach(async () => {
  clock = ba('2026-11-27T23:00:00');
  service.received.length = 0;
  await ctx.reset();
  branch = (await createBranch(ctx.db)).id;
  const [type] = await ctx.db.insert(notificationTypes).values({ name: 'Aviso', icon: '3.png' }).returning();
  typeId = type!.id;
  adminToken = await tokenFor(ctx.db, ctx.admin.id, clock);
  const a = await createUser(ctx.db, { branchId: branch });
  const b = await createUser(ctx.db, { branchId: branch });
  quiet = { id: a.id, token: await tokenFor(ctx.db, a.id, clock) };
  awake = { id: b.id, token: await tokenFor(ctx.db, b.id, clock) };
  quietPhone = service.device('quiet-phone');
  for (const [seller, device] of [
    [quiet, quietPhone],
    [awake, service.device('awake-phone')],
  ] as const) {
    const res = await call('POST', '/api/app/push/subscriptions', seller.token, device.subscription);
    expect(res.statusCode).toBe(201);
  }
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: bearer(token) });

const setQuiet = (token: string, quiet_hours: { start: string; end: string } | null) =>
  call('PUT', '/api/app/me/quiet-hours', token, { quiet_hours });

const notify = (extra: Record<string, unknown> = {}) =>
  call('POST', '/api/notifications', adminToken, {
    notification_type_id: typeId,
    branch_id: branch,
    title: 'Cierre de caja',
    message: 'Hoy a las 22',
    ...extra,
  });

/** The quiet seller's jobs, oldest notification first. */
const quietJobs = async () => {
  const rows = await ctx.db
    .select({ status: pushJobs.status, runAt: pushJobs.runAt })
    .from(pushJobs)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushJobs.subscriptionId))
    .where(eq(pushSubscriptions.userId, quiet.id))
    .orderBy(pushJobs.notificationId);
  return rows.map((j) => ({ status: j.status, runAt: j.runAt.toISOString() }));
};
const awakeJobs = async () =>
  (
    await ctx.db
      .select({ runAt: pushJobs.runAt })
      .from(pushJobs)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushJobs.subscriptionId))
      .where(eq(pushSubscriptions.userId, awake.id))
  ).map((j) => j.runAt.toISOString());
const devices = () => service.received.map((r) => r.device).sort();

describe('GET and PUT /api/app/me/quiet-hours', () => {
  it('starts off, keeps the window in HH:MM with the business zone, and turns off with null', async () => {
    expect((await call('GET', '/api/app/me/quiet-hours', quiet.token)).json()).toEqual({
      data: { quiet_hours: null, time_zone: TZ },
    });
    const set = await setQuiet(quiet.token, { start: '22:00', end: '08:00' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ data: { quiet_hours: { start: '22:00', end: '08:00' }, time_zone: TZ } });
    expect((await setQuiet(quiet.token, { start: '13:00', end: '16:30' })).json().data.quiet_hours).toEqual({
      start: '13:00',
      end: '16:30',
    });
    // Each seller has their own.
    expect((await call('GET', '/api/app/me/quiet-hours', awake.token)).json().data.quiet_hours).toBeNull();
    expect((await setQuiet(quiet.token, null)).json().data.quiet_hours).toBeNull();
    expect((await call('GET', '/api/app/me/quiet-hours', quiet.token)).json().data.quiet_hours).toBeNull();
  });

  it('refuses times that are not HH:MM, or equal, with a Spanish 400 naming the field', async () => {
    const cases: [object, string, string][] = [
      [{ start: '25:00', end: '08:00' }, 'quiet_hours.start', QUIET_MSG.startInvalid],
      [{ start: '22:00', end: '8' }, 'quiet_hours.end', QUIET_MSG.endInvalid],
      [{ start: '22:00', end: '22:00' }, 'quiet_hours.end', QUIET_MSG.sameTimes],
      // The document's pattern refuses a trailing newline or space; so does the server (issue 28, item 10).
      [{ start: '22:00\n', end: '08:00' }, 'quiet_hours.start', QUIET_MSG.startInvalid],
      [{ start: '22:00', end: ' 08:00' }, 'quiet_hours.end', QUIET_MSG.endInvalid],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('PUT', '/api/app/me/quiet-hours', quiet.token, { quiet_hours: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field]).toContain(message);
    }
    const missing = await call('PUT', '/api/app/me/quiet-hours', quiet.token, {});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toContain('quiet_hours');
  });

  it('is refused to anyone signed out (401)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/app/me/quiet-hours' });
    expect(res.statusCode).toBe(401);
  });
});

describe('pushes in quiet hours', () => {
  it('a push due at 23:00 for a 22:00–08:00 seller runs at 08:00; the list has it at once; others get it now', async () => {
    await setQuiet(quiet.token, { start: '22:00', end: '08:00' });
    const res = await notify();
    expect(res.statusCode).toBe(201);
    expect(res.json().data.urgent).toBe(false);
    const id = res.json().data.id;
    expect(await quietJobs()).toEqual([
      { status: 'pending', runAt: ba('2026-11-28T08:00:00').toISOString() },
    ]);
    expect(await awakeJobs()).toEqual([clock.toISOString()]);

    // In Avisos at once, unread.
    const list = (await call('GET', '/api/app/notifications', quiet.token)).json();
    expect(list.data.map((n: { id: number; read_at: null }) => [n.id, n.read_at])).toEqual([[id, null]]);

    expect(await ctx.app.push.queue.drain()).toEqual({ sent: 1, gone: 0, failed: 0, retried: 0 });
    expect(devices()).toEqual(['awake-phone']);

    // 07:59: still waiting. 08:00: delivered, nothing dropped.
    clock = ba('2026-11-28T07:59:00');
    expect((await ctx.app.push.queue.drain()).sent).toBe(0);
    clock = ba('2026-11-28T08:00:00');
    expect(await ctx.app.push.queue.drain()).toEqual({ sent: 1, gone: 0, failed: 0, retried: 0 });
    expect(devices()).toEqual(['awake-phone', 'quiet-phone']);
    expect(service.received.find((r) => r.device === 'quiet-phone')!.payload).toMatchObject({
      notification_id: id,
      title: 'Cierre de caja',
    });
    expect((await quietJobs()).map((j) => j.status)).toEqual(['sent']);
  });

  it('an urgent notification goes now, quiet hours or not, and the panel shows the flag', async () => {
    await setQuiet(quiet.token, { start: '22:00', end: '08:00' });
    const res = await notify({ urgent: true });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.urgent).toBe(true);
    expect(await quietJobs()).toEqual([{ status: 'pending', runAt: clock.toISOString() }]);
    expect(await awakeJobs()).toEqual([clock.toISOString()]);
    expect((await ctx.app.push.queue.drain()).sent).toBe(2);
    expect(devices()).toEqual(['awake-phone', 'quiet-phone']);
    const list = (await call('GET', '/api/notifications', adminToken)).json();
    expect(list.data[0]).toMatchObject({ id: res.json().data.id, urgent: true });
  });

  it('the form sends Urgente as "1"/"on" (urlencoded); an update without it keeps it', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: { ...bearer(adminToken), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `notification_type_id=${typeId}&branch_id=${branch}&title=Urgente&message=Ya&urgent=on`,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.urgent).toBe(true);
    const id = res.json().data.id;
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/notifications/${id}`,
      headers: bearer(adminToken),
      payload: { notification_type_id: typeId, branch_id: branch, title: 'Urgente', message: 'Ya mismo' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ message: 'Ya mismo', urgent: true });
    const off = await ctx.app.inject({
      method: 'PUT',
      url: `/api/notifications/${id}`,
      headers: bearer(adminToken),
      payload: {
        notification_type_id: typeId,
        branch_id: branch,
        title: 'Urgente',
        message: 'Ya',
        urgent: false,
      },
    });
    expect(off.json().data.urgent).toBe(false);
    const bad = await notify({ urgent: 'quizás' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toContain('urgent');
  });

  it('outside the window, and in a same-day window, the run time follows the wall clock of APP_TIMEZONE', async () => {
    await setQuiet(quiet.token, { start: '22:00', end: '08:00' });
    clock = ba('2026-11-27T21:59:00');
    await notify();
    // 02:30 the next night: still in the window, ends 08:00 the same morning.
    clock = ba('2026-11-28T02:30:00');
    await notify();
    await setQuiet(quiet.token, { start: '13:00', end: '16:30' });
    clock = ba('2026-11-28T14:00:00');
    await notify();
    expect((await quietJobs()).map((j) => j.runAt)).toEqual([
      ba('2026-11-27T21:59:00').toISOString(),
      ba('2026-11-28T08:00:00').toISOString(),
      ba('2026-11-28T16:30:00').toISOString(),
    ]);
  });

  it('a retry that would land in quiet hours waits for their end too', async () => {
    await setQuiet(quiet.token, { start: '22:00', end: '08:00' });
    clock = ba('2026-11-27T21:59:30');
    quietPhone.answers.push(503);
    await notify();
    expect(await ctx.app.push.queue.drain()).toMatchObject({ sent: 1, retried: 1 });
    expect(await quietJobs()).toEqual([
      { status: 'pending', runAt: ba('2026-11-28T08:00:00').toISOString() },
    ]);
  });
});
