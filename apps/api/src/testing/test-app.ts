import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { type App, type BuildAppOptions, buildApp } from '../app.ts';
import { type AppConfig, loadConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { setScryptParams } from '../services/auth/passwords.ts';
import { ensureBuiltInPointActions } from '../services/points/built-in-actions.ts';
import { createAdmin, createUser, tokenFor, type UserFixture } from './factories.ts';
import { openTestDatabase, type TestDatabase } from './test-db.ts';

export const TEST_APP_SECRET = 'secreto-de-pruebas-de-al-menos-32-caracteres';

// OWASP-strength scrypt costs ~0.3 s per hash; API tests only need the format.
setScryptParams({ N: 1024, r: 8, p: 1 });

export interface TestContext {
  app: App;
  db: Db;
  testDb: TestDatabase;
  config: AppConfig;
  /** An admin and a seller with open sessions (and the built-in point actions); recreated by reset(). */
  admin: UserFixture & { token: string };
  seller: UserFixture & { token: string };
  reset(): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  now?: () => Date;
  rateLimit?: BuildAppOptions['rateLimit'];
}

export function testConfig(env: Record<string, string> = {}): AppConfig {
  const dataDir = mkdtempSync(join(tmpdir(), 'panel-api-test-'));
  return loadConfig({
    DATA_DIR: dataDir,
    APP_SECRET: TEST_APP_SECRET,
    WEB_DIST_DIR: join(dataDir, 'no-web'),
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
    rateLimit: { prefix: `test:${randomBytes(6).toString('hex')}:`, ...options.rateLimit },
  });
  await app.ready();
  const db = testDb.database.db;

  const ctx: TestContext = {
    app,
    db,
    testDb,
    config,
    admin: undefined as never,
    seller: undefined as never,
    async reset() {
      await testDb.reset();
      await seedUsers();
    },
    async close() {
      await app.close();
      await testDb.close();
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
