import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../../src/app.ts';
import { checkContract } from '../../../src/testing/contract.ts';
import { createTestContext, type TestContext, testConfig } from '../../../src/testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('GET /api/health', () => {
  it('answers liveness without the database, and readiness only when the database answers', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health?ready=1' })).statusCode).toBe(200);

    // An app whose database stops answering: liveness still 200 (no query), readiness 503.
    let gone = false;
    const database = ctx.testDb.database;
    const db = new Proxy(database.db, {
      get(target, property) {
        if (gone && property === 'execute') return () => Promise.reject(new Error('sin base de datos'));
        return Reflect.get(target, property);
      },
    });
    const app = await buildApp({ config: testConfig(), db: { ...database, db } as typeof database });
    await app.ready();
    // Its answers are checked against the document too: the 503 of readiness is declared (issue 20).
    checkContract(app);
    gone = true;
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['content-type']).toMatch(/^application\/json/);
      expect(ready.json().message).toEqual(expect.any(String));
      expect((await app.inject({ method: 'GET', url: '/api/health?ready=1' })).statusCode).toBe(503);
    } finally {
      await app.close();
    }
  });
});

describe('request logs', () => {
  let app: App;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const web = mkdtempSync(join(tmpdir(), 'panel-web-'));
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Panel</title>');
    writeFileSync(join(web, 'assets', 'app-1234.js'), 'console.log(1)');
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    app = await buildApp({
      config: testConfig({ WEB_DIST_DIR: web }),
      db: ctx.testDb.database,
      logger: { level: 'info', stream },
    });
    await app.ready();
    checkContract(app);
  });
  afterAll(() => app?.close());

  it("writes one line per API answer, none for the panel's static files nor a probe's 2xx", async () => {
    lines.length = 0;
    expect((await app.inject({ method: 'GET', url: '/assets/app-1234.js' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/sucursales' })).statusCode).toBe(200);
    expect(lines).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health?ready=2' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    // An API path of no route: logged once, by the hook of the answers of no route.
    expect((await app.inject({ method: 'GET', url: '/api/no-existe' })).statusCode).toBe(404);
    expect(lines.map((l) => [l.method, l.url, l.status])).toEqual([
      ['GET', '/api/health?ready=2', 400],
      ['GET', '/api/me', 401],
      ['GET', '/api/no-existe', 404],
    ]);
  });
});
