import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, notificationTypes } from '../../../src/db/schema/notifications.ts';
import { pushJobs } from '../../../src/db/schema/push.ts';
import { bearer, createUser } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

const TOKEN = 'token-de-metricas-de-pruebas-0123456789abcdef';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    env: { METRICS_TOKEN: TOKEN },
    rateLimit: { limits: { maxPerAccount: 2, maxPerIp: 50 } },
  });
});
afterAll(() => ctx?.close());

const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
  ctx.app.inject({ method: 'GET', url: '/api/metrics', headers });

/** Every series of the exposition: name, labels and value. */
function series(text: string) {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`línea inválida: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

let runs = 0;
/** Traffic with ids, emails and unknown paths in its URLs and bodies. */
async function traffic() {
  const email = `ana.metricas.${++runs}@empresa.com.ar`;
  const seller = await createUser(ctx.db, { role: 'seller', email });
  await ctx.asAdmin('GET', `/api/users/${seller.id}`);
  await ctx.asAdmin('GET', `/api/users?q=${encodeURIComponent(email)}`);
  await ctx.asAdmin('GET', '/api/users/999999');
  await ctx.app.inject({ method: 'GET', url: `/api/no-existe/12345/${email}` });
  // Two wrong passwords (401), then the throttle refuses (429).
  for (let i = 0; i < 4; i++) {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'una-clave-incorrecta' },
    });
  }
}

describe('GET /api/metrics', () => {
  it('answers a scraper with METRICS_TOKEN or an admin; 401 otherwise, 403 for a seller', async () => {
    const withToken = await scrape();
    expect(withToken.statusCode).toBe(200);
    expect(withToken.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect((await scrape({ authorization: `Bearer ${ctx.admin.token}` })).statusCode).toBe(200);
    expect((await scrape({ authorization: `Bearer ${ctx.seller.token}` })).statusCode).toBe(403);
    expect((await scrape({ authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(401);
    expect((await scrape({})).statusCode).toBe(401);
    // The token opens the metrics only, nothing else.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users', headers: bearer(TOKEN) })).statusCode,
    ).toBe(401);
  });

  it('counts requests by route template and status, their latency, login refusals, the database and the push queue', async () => {
    await traffic();
    const [type] = await ctx.db
      .insert(notificationTypes)
      .values({ name: 'Métricas' })
      .returning({ id: notificationTypes.id });
    const [notification] = await ctx.db
      .insert(notifications)
      .values({ notificationTypeId: type!.id, title: 'Aviso', message: 'Texto' })
      .returning({ id: notifications.id });
    // Two due jobs whose device is gone: the worker ends them without sending.
    await ctx.db
      .insert(pushJobs)
      .values([{ notificationId: notification!.id }, { notificationId: notification!.id }]);
    const before = series((await scrape()).body);
    expect(before.find((s) => s.name === 'panel_push_queue_jobs' && s.labels.state === 'due')?.value).toBe(2);
    await ctx.app.push.queue.drain();

    const all = series((await scrape()).body);
    const value = (name: string, labels: Record<string, string>) =>
      all.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
    expect(
      value('panel_http_requests_total', { method: 'GET', route: '/api/users/:id', status: '200' }),
    ).toBe(1);
    expect(
      value('panel_http_requests_total', { method: 'GET', route: '/api/users/:id', status: '404' }),
    ).toBe(1);
    expect(value('panel_http_requests_total', { route: 'sin ruta', status: '404' })).toBe(1);
    expect(value('panel_http_requests_total', { method: 'POST', route: '/api/login', status: '401' })).toBe(
      2,
    );
    expect(value('panel_http_requests_total', { method: 'POST', route: '/api/login', status: '429' })).toBe(
      2,
    );
    expect(value('panel_login_throttle_refusals_total', { route: '/api/login' })).toBe(2);
    expect(
      value('panel_http_request_duration_seconds_count', { method: 'GET', route: '/api/users/:id' }),
    ).toBe(2);
    expect(value('panel_http_request_duration_seconds_bucket', { route: '/api/users/:id', le: '+Inf' })).toBe(
      2,
    );
    expect(value('panel_push_jobs_total', { outcome: 'gone' })).toBe(2);
    expect(value('panel_push_queue_jobs', { state: 'due' })).toBe(0);
    if (ctx.config.database.kind === 'pglite') {
      expect(value('panel_db_pglite_pending_operations', {})).toBeGreaterThanOrEqual(0);
    } else {
      expect(value('panel_db_pool_connections', { state: 'idle' })).toBeGreaterThan(0);
      expect(value('panel_db_pool_waiting_clients', {})).toBe(0);
    }
    expect(value('process_cpu_seconds_total', {})).toBeGreaterThan(0);
    expect(value('nodejs_heap_size_used_bytes', {})).toBeGreaterThan(0);
  });

  it('carries no id, email or requested URL in any label (bounded cardinality)', async () => {
    await traffic();
    const labelValues = series((await scrape()).body).flatMap((s) => Object.values(s.labels) as string[]);
    const offending = labelValues.filter(
      (v: string) => /@/.test(v) || /\d{3,}/.test(v.replace(/^\d+(\.\d+)?$/, '')) || /[?=]/.test(v),
    );
    expect(offending).toEqual([]);
    // Routes are templates of the router, or the one label for unmatched requests.
    const routes = new Set(
      series((await scrape()).body)
        .filter((s) => s.labels.route !== undefined)
        .map((s) => s.labels.route!),
    );
    const templates = new Set(ctx.app.apiRoutes.map((r) => r.url));
    for (const route of routes) {
      expect(templates.has(route) || route === 'sin ruta' || !route.startsWith('/api/'), route).toBe(true);
    }
  });

  const promtool = spawnSync('promtool', ['--version']).status === 0;
  it.skipIf(!promtool)('passes promtool check metrics (Debian package prometheus)', async () => {
    await traffic();
    const text = (await scrape()).body;
    const r = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    // promtool prints lint problems (names, units, help) and exits 1 on any; 0 and no output is clean.
    expect(`${r.stdout}${r.stderr}`).toBe('');
    expect(r.status).toBe(0);
  });
  if (!promtool)
    console.warn('AVISO: promtool no está instalado (apt-get install prometheus); se omite su chequeo.');
});
