import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { MSG } from '@panel/shared';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { queryRows } from '../../../src/db/client.ts';
import { bearer } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext, testConfig } from '../../../src/testing/test-app.ts';

// Issue 20, item 5: behind a balancer, TRUST_PROXY is the balancer's address or the hop count. A client
// that sends its own X-Forwarded-For (rotating it on every request) must still be seen at the address the
// balancer appended: for the per-address login limit and in the audit trail.
const BALANCER = '10.0.0.5';
const CLIENT = '203.0.113.7';
const forged = () => `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

const contexts: TestContext[] = [];
afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
});

async function behindBalancer(TRUST_PROXY: string) {
  const ctx = await createTestContext({ env: { TRUST_PROXY }, rateLimit: { limits: { maxPerIp: 5 } } });
  contexts.push(ctx);
  // What the balancer forwards: the client's own header, then the address it saw, appended.
  const send = (options: {
    method: 'POST';
    url: string;
    payload: object;
    headers?: Record<string, string>;
  }) =>
    ctx.app.inject({
      ...options,
      remoteAddress: BALANCER,
      headers: { ...options.headers, 'x-forwarded-for': `${forged()}, ${forged()}, ${CLIENT}` },
    });
  return { ctx, send };
}

describe.each([
  ['a hop count (TRUST_PROXY=1)', '1'],
  ["the balancer's address (TRUST_PROXY=10.0.0.5)", BALANCER],
  ["the balancer's network (TRUST_PROXY=10.0.0.0/24)", '10.0.0.0/24'],
])('behind a balancer, trusted by %s', (_name, TRUST_PROXY) => {
  it('a rotating X-Forwarded-For does not escape the per-address login limit', async () => {
    const { send } = await behindBalancer(TRUST_PROXY);
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const email = `rota.${randomBytes(4).toString('hex')}@prueba.test`;
      const res = await send({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: 'una-clave-mala' },
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json()).toEqual({ message: MSG.tooManyAttempts });
    }
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it("writes the balancer's client address into the audit trail, not the forged one", async () => {
    const { ctx, send } = await behindBalancer(TRUST_PROXY);
    const res = await send({
      method: 'POST',
      url: '/api/branches',
      payload: { name: `Sucursal ${randomBytes(3).toString('hex')}`, city: 'Rosario' },
      headers: bearer(ctx.admin.token),
    });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await queryRows<{ ip: string }>(ctx.db, sql`SELECT ip FROM audit_log ORDER BY id`);
    expect(rows.map((r) => r.ip)).toEqual([CLIENT]);
  });
});

describe('TRUST_PROXY=true', () => {
  it('warns at start-up that any client can pick its address', async () => {
    const lines: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const ctx = await createTestContext();
    contexts.push(ctx);
    const app = await buildApp({
      config: testConfig({ TRUST_PROXY: 'true' }),
      db: ctx.testDb.database,
      logger: { level: 'warn', stream },
    });
    await app.close();
    const warning = lines.find((l) => l.msg.startsWith('TRUST_PROXY=true'));
    expect(warning?.level).toBe(40);
    expect(warning?.msg).toContain('TRUST_PROXY=1');
    lines.length = 0;
    const safe = await buildApp({
      config: testConfig({ TRUST_PROXY: '1' }),
      db: ctx.testDb.database,
      logger: { level: 'warn', stream },
    });
    await safe.close();
    expect(lines.filter((l) => l.msg.includes('TRUST_PROXY'))).toEqual([]);
  });
});
