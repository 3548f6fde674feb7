import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { type App, type BuildAppOptions, buildApp } from '../app.ts';
import { type AppConfig, loadConfig } from '../config.ts';
import { type Database, type Db, openPostgres } from '../db/client.ts';
import type { PushPluginOptions } from '../plugins/push.ts';
import { setScryptParams, TEST_SCRYPT_PARAMS } from '../services/auth/passwords.ts';
import { ensureBuiltInPointActions } from '../services/points/built-in-actions.ts';
import { runDueScheduledJobs } from '../services/scheduling/jobs.ts';
import { type ContractChecker, checkContract } from './contract.ts';
import { bearer, createAdmin, createUser, tokenFor, type UserFixture } from './factories.ts';
import { startSlowProxy } from './slow-proxy.ts';
import { openTestDatabase, type TestDatabase } from './test-db.ts';

export const TEST_APP_SECRET = 'secreto-de-pruebas-de-al-menos-32-caracteres';

// OWASP-strength scrypt costs ~0.3 s per hash; API tests only need the format.
export { TEST_SCRYPT_PARAMS };

setScryptParams(TEST_SCRYPT_PARAMS);

export interface TestContext {
  app: App;
  db: Db;
  testDb: TestDatabase;
  config: AppConfig;
  /** An admin and a seller with open sessions (and the built-in point actions); recreated by reset(). */
  admin: UserFixture & { token: string };
  seller: UserFixture & { token: string };
  /** A request with the admin's token; `payload` goes as JSON. */
  asAdmin(method: Method, url: string, payload?: object): Promise<LightMyRequestResponse>;
  /** A form body of form-body.ts (urlencoded or multipart) sent with the admin's token. */
  asAdminForm(
    method: Method,
    url: string,
    body: { payload: string; contentType: string },
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  reset(): Promise<void>;
  close(): Promise<void>;
  /** The contract check of `app.inject` (src/testing/contract.ts): its work so far, and its validators compiled ahead. */
  contract: { stats(): ContractChecker['stats'] | undefined; precompile(): number };
}

type Method = NonNullable<InjectOptions['method']>;

export interface TestAppOptions {
  env?: Record<string, string>;
  now?: () => Date;
  rateLimit?: BuildAppOptions['rateLimit'];
  sellerLimits?: BuildAppOptions['sellerLimits'];
  /** Web Push: by default no background worker (a test drains the queue itself). */
  push?: BuildAppOptions['push'];
}

export function testConfig(env: Record<string, string> = {}): AppConfig {
  const dataDir = mkdtempSync(join(tmpdir(), 'panel-api-test-'));
  return loadConfig({
    DATA_DIR: dataDir,
    APP_SECRET: TEST_APP_SECRET,
    WEB_DIST_DIR: join(dataDir, 'no-web'),
    COMMUNITY_DIST_DIR: join(dataDir, 'no-community'),
    ...(inject('dbKind') === 'postgres' ? { DATABASE_URL: 'postgres://unused' } : {}),
    ...env,
  });
}

/** The real app on this file's own database, plus an admin and a seller. */
export async function createTestContext(options: TestAppOptions = {}): Promise<TestContext> {
  const testDb = await openTestDatabase();
  const config = testConfig(options.env);
  const app = await buildApp({
    config,
    db: testDb.database,
    now: options.now,
    push: options.push ?? { worker: false },
    rateLimit: { prefix: `test:${randomBytes(6).toString('hex')}:`, ...options.rateLimit },
    sellerLimits: { prefix: `test:${randomBytes(6).toString('hex')}:limits:`, ...options.sellerLimits },
  });
  await app.ready();
  // Every answer this app gives through inject is checked against its OpenAPI document.
  const contract = checkContract(app);
  const db = testDb.database.db;

  const ctx: TestContext = {
    app,
    db,
    testDb,
    config,
    admin: undefined as never,
    seller: undefined as never,
    asAdmin: (method, url, payload) => app.inject({ method, url, payload, headers: bearer(ctx.admin.token) }),
    asAdminForm: (method, url, body, headers = {}) =>
      app.inject({
        method,
        url,
        payload: body.payload,
        headers: { ...bearer(ctx.admin.token), 'content-type': body.contentType, ...headers },
      }),
    contract,
    async reset() {
      await testDb.reset();
      // The reset restarts the ids: the next users would inherit the last ones' counts.
      app.sellerLimiter.forgetAll();
      // The saved sign-in rules are gone with the tables: so is this instance's copy of them.
      app.mfaRequirement.forget();
      app.engagementReports.clear();
      await seedUsers();
    },
    async close() {
      if (process.env.CONTRACT_STATS === '1') console.error(`contract: ${JSON.stringify(contract.stats())}`);
      await app.close();
      await testDb.close();
      // The data directory testConfig made for this file (uploads, the secret); not one the test chose.
      if (!options.env?.DATA_DIR) rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
  async function seedUsers() {
    await ensureBuiltInPointActions(db);
    const admin = await createAdmin(db);
    const seller = await createUser(db);
    ctx.admin = { ...admin, token: await tokenFor(db, admin.id) };
    ctx.seller = { ...seller, token: await tokenFor(db, seller.id) };
  }
  await seedUsers();
  return ctx;
}

/**
 * A second instance of the app on this file's database, as another server beside it: on PostgreSQL with
 * its own pool (through a proxy that delivers each packet `delayMs` late, when given: a loaded machine, a
 * farther instance), on PGlite the same one connection. Its answers are checked against the document too.
 */
export async function openSecondInstance(
  ctx: TestContext,
  { delayMs, poolSize = 2 }: { delayMs?: number; poolSize?: number } = {},
): Promise<{ app: App; close(): Promise<void> }> {
  const database = ctx.testDb.database;
  let db: Database | null = null;
  let proxy: Awaited<ReturnType<typeof startSlowProxy>> | null = null;
  if (database.kind === 'postgres') {
    const url = new URL((database.pool.options as { connectionString: string }).connectionString);
    if (delayMs !== undefined) {
      proxy = await startSlowProxy({ host: url.hostname, port: Number(url.port || 5432) }, delayMs);
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
    }
    db = openPostgres(url.toString(), poolSize);
  }
  const app = await buildApp({ config: testConfig(), db: db ?? database });
  await app.ready();
  checkContract(app);
  return {
    app,
    async close() {
      await app.close();
      await db?.close();
      await proxy?.close();
    },
  };
}

/**
 * The scheduled queue's pass (services/scheduling/jobs.ts) at the test's clock, as the push worker runs it:
 * `pass()` on this file's database, `pass(db)` on another connection to it.
 */
export const scheduledPass =
  (ctx: TestContext, now: () => Date) =>
  (db: Db = ctx.db): Promise<number> =>
    runDueScheduledJobs(db, { now, timeZone: ctx.config.timeZone, log: ctx.app.log });

/**
 * Runs `pass` twice at once, as two instances on this file's database would: on PostgreSQL the second over
 * its own pool (its own connections, so row locks really contend), on PGlite over the one connection.
 */
export async function onTwoInstances<T>(ctx: TestContext, pass: (db: Db) => Promise<T>): Promise<[T, T]> {
  const database = ctx.testDb.database;
  const second =
    database.kind === 'postgres'
      ? openPostgres((database.pool.options as { connectionString: string }).connectionString, 2)
      : null;
  try {
    return await Promise.all([pass(ctx.db), pass(second?.db ?? ctx.db)]);
  } finally {
    await second?.close();
  }
}

/**
 * A server started again on this file's database with its push worker on (`push`: the worker's options),
 * at the test's clock: `work` runs while it is up, then it is closed. Its first pass runs what came due while
 * no instance was.
 */
export async function withRestartedWorker(
  ctx: TestContext,
  { now, push = {} }: { now: () => Date; push?: Omit<PushPluginOptions, 'worker'> },
  work: () => Promise<void>,
): Promise<void> {
  const restarted = await buildApp({
    config: testConfig(),
    db: ctx.testDb.database,
    now,
    push: { ...push, worker: true },
  });
  try {
    await restarted.ready();
    await work();
  } finally {
    await restarted.close();
  }
}

/**
 * Calls as a user at a test's own clock (scheduled publishing and reminders move it days ahead): each
 * user signed in at the clock's time, again whenever the clock has moved, since a jump past the idle
 * time would end the session. `as(userId)` gives that user's caller; `reset()` forgets the sessions.
 */
export function sessionsAtClock(ctx: TestContext, clock: () => Date) {
  const tokens = new Map<string, string>();
  async function tokenOf(userId: number): Promise<string> {
    const key = `${userId}@${clock().getTime()}`;
    let token = tokens.get(key);
    if (!token) {
      token = await tokenFor(ctx.db, userId, clock());
      tokens.set(key, token);
    }
    return token;
  }
  return {
    as: (userId: number) => async (method: Method, url: string, payload?: InjectOptions['payload']) =>
      ctx.app.inject({ method, url, payload, headers: bearer(await tokenOf(userId)) }),
    tokenOf,
    reset: () => tokens.clear(),
  };
}
