import http from 'node:http';
import { MSG } from '@panel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

// Issue 20, item 6: distributed guessing. Attackers on several loopback addresses (real sockets from
// 127.0.3.x) guess one account's password while its owner signs in on a browser where they signed in
// before (OWASP's device cookie). Unknown devices share one budget per account; the owner has their own.
let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestContext({ env: { TRUST_PROXY: 'false' } });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  port = (ctx.app.server.address() as { port: number }).port;
});
afterAll(() => ctx?.close());

interface Answer {
  status: number;
  body: string;
  setCookie?: string[];
  retryAfter?: string;
}

/** POST /api/login over a real socket opened from `from` (a 127.x address). */
function login(email: string, password: string, from: string, cookie?: string): Promise<Answer> {
  const body = JSON.stringify({ email, password });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/login',
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            setCookie: res.headers['set-cookie'],
            retryAfter: res.headers['retry-after'],
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('distributed guessing against one account', () => {
  it('evaluates at most 10 guesses from unknown devices across 6 addresses, while the owner always gets in on a known device', async () => {
    const owner = await createUser(ctx.db);
    const first = await login(owner.email, TEST_PASSWORD, '127.0.0.1');
    expect(first.status).toBe(200);
    const cookie = first.setCookie?.[0]?.split(';')[0];
    expect(cookie).toMatch(/^panel_device=[\w-]{22}\.[\w-]{22}$/);

    // 6 attackers, 5 guesses each, all at once, while the owner signs in 5 times on their device.
    const attackers = Array.from({ length: 6 }, async (_, a) => {
      const answers: Answer[] = [];
      for (let g = 0; g < 5; g++)
        answers.push(await login(owner.email, `adivina-${a}-${g}`, `127.0.3.${a + 1}`));
      return answers;
    });
    const ownerTries = (async () => {
      const answers: Answer[] = [];
      for (let i = 0; i < 5; i++) answers.push(await login(owner.email, TEST_PASSWORD, '127.0.0.1', cookie));
      return answers;
    })();
    const attacks = (await Promise.all(attackers)).flat();
    const ownerAnswers = await ownerTries;

    expect(attacks.filter((a) => a.status === 401)).toHaveLength(10);
    const refused = attacks.filter((a) => a.status === 429);
    expect(refused).toHaveLength(20);
    for (const r of refused) {
      expect(JSON.parse(r.body)).toEqual({ message: MSG.tooManyAttempts });
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
    }
    expect(ownerAnswers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    // And after the attack, on the same device, from another address too.
    expect((await login(owner.email, TEST_PASSWORD, '127.0.3.99', cookie)).status).toBe(200);
    // The right password from an unknown device is refused while the shared budget is used up.
    expect((await login(owner.email, TEST_PASSWORD, '127.0.3.1')).status).toBe(429);
  });

  it('gives the device cookie only to the sign-in route, HttpOnly and SameSite=Strict, Secure behind HTTPS', async () => {
    const user = await createUser(ctx.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: '127.0.4.1',
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^panel_device=/);
    expect(cookie).toContain('Path=/api/login');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toMatch(/Max-Age=\d{7,}/);
    expect(cookie).not.toContain('Secure');

    const proxied = await createTestContext({ env: { TRUST_PROXY: 'loopback' } });
    try {
      const tls = await proxied.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: proxied.seller.email, password: TEST_PASSWORD },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(tls.statusCode).toBe(200);
      expect(String(tls.headers['set-cookie'])).toContain('Secure');
    } finally {
      await proxied.close();
    }
  });

  it('a wrong password gives no device cookie, and a forged cookie is an unknown device', async () => {
    const user = await createUser(ctx.db);
    const wrong = await login(user.email, 'no-es-la-clave', '127.0.5.1');
    expect(wrong.status).toBe(401);
    expect(wrong.setCookie).toBeUndefined();
    const forged = `panel_device=${'A'.repeat(22)}.${'B'.repeat(22)}`;
    for (let i = 0; i < 9; i++)
      expect((await login(user.email, `mala-${i}`, '127.0.5.2', forged)).status).toBe(401);
    expect((await login(user.email, TEST_PASSWORD, '127.0.5.3', forged)).status).toBe(429);
  });
});
