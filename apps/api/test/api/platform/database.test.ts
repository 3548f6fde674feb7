import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { queryRows } from '../../../src/db/client.ts';
import { runMigrations, withStartupLock } from '../../../src/db/migrate.ts';
import { branches } from '../../../src/db/schema/branches.ts';
import { events } from '../../../src/db/schema/events.ts';
import { pointActions, pointTransactions } from '../../../src/db/schema/points.ts';
import { users } from '../../../src/db/schema/users.ts';
import { DEMO_MANAGER, seedDemoIfEmpty } from '../../../src/demo/seed.ts';
import { migrationsDir } from '../../../src/lib/paths.ts';
import { DEMO_ADMIN, ensureFirstAdmin } from '../../../src/services/auth/first-admin.ts';
import { verifyPassword } from '../../../src/services/auth/passwords.ts';
import {
  BUILT_IN_POINT_ACTIONS,
  ensureBuiltInPointActions,
} from '../../../src/services/points/built-in-actions.ts';
import { createTestContext, TEST_APP_SECRET, type TestContext } from '../../../src/testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

/** A real logger that writes nothing: whatever level the code under test logs at exists. */
const silentLog: FastifyBaseLogger = pino({ level: 'silent' });
const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
};

describe('migrations', () => {
  it('are idempotent: running them again applies nothing', async () => {
    const again = await runMigrations(ctx.testDb.database);
    expect(again).toEqual({ applied: 0, total: journal.entries.length });
  });

  it.runIf(inject('dbKind') === 'postgres')(
    'serialise concurrent start-ups under the advisory lock',
    async () => {
      const order: string[] = [];
      const task = (name: string) =>
        withStartupLock(ctx.testDb.database, async () => {
          order.push(`${name}:start`);
          await new Promise((r) => setTimeout(r, 30));
          order.push(`${name}:end`);
        });
      await Promise.all([task('a'), task('b')]);
      // Never interleaved: one task starts and ends before the other starts.
      expect(order[0]!.split(':')[0]).toBe(order[1]!.split(':')[0]);
      expect(order[2]!.split(':')[0]).toBe(order[3]!.split(':')[0]);
    },
  );

  it('install pg_trgm and unaccent, and the trigram indexes used by search', async () => {
    const extensions = await queryRows<{ extname: string }>(ctx.db, sql`SELECT extname FROM pg_extension`);
    expect(extensions.map((e) => e.extname)).toEqual(expect.arrayContaining(['pg_trgm', 'unaccent']));
    const indexes = await queryRows<{ indexname: string }>(
      ctx.db,
      sql`SELECT indexname FROM pg_indexes WHERE indexdef LIKE '%gin_trgm_ops%' ORDER BY indexname`,
    );
    // Each area adds its own; the list only grows.
    expect(indexes.map((i) => i.indexname)).toEqual(
      expect.arrayContaining([
        'branches_address_trgm_idx',
        'branches_city_trgm_idx',
        'branches_name_trgm_idx',
        'brands_code_trgm_idx',
        'brands_name_trgm_idx',
        'event_types_name_trgm_idx',
        'events_description_trgm_idx',
        'events_title_trgm_idx',
        'notification_types_name_trgm_idx',
        'notifications_message_trgm_idx',
        'notifications_title_trgm_idx',
        'point_search_keys_key_trgm_idx',
        'posts_content_key_trgm_idx',
        'suppliers_business_name_trgm_idx',
        'suppliers_code_trgm_idx',
        'surveys_description_trgm_idx',
        'surveys_title_trgm_idx',
        'users_email_trgm_idx',
        'users_name_key_trgm_idx',
      ]),
    );
    const [row] = await queryRows<{ v: string }>(ctx.db, sql`SELECT f_unaccent(lower('Córdoba ÑANDÚ')) AS v`);
    expect(row!.v).toBe('cordoba nandu');
  });

  it('store timestamps as timestamptz', async () => {
    const columns = await queryRows<{ table_name: string; column_name: string; data_type: string }>(
      ctx.db,
      sql`SELECT table_name, column_name, data_type FROM information_schema.columns
          WHERE table_schema = 'public' AND data_type LIKE 'timestamp%'`,
    );
    expect(columns.length).toBeGreaterThan(20);
    for (const c of columns)
      expect(c.data_type, `${c.table_name}.${c.column_name}`).toBe('timestamp with time zone');
  });

  it('keep point transactions append-only', async () => {
    await ctx.reset();
    const [action] = await ctx.db.select().from(pointActions).where(eq(pointActions.key, 'daily_login'));
    await ctx.db.insert(pointTransactions).values({
      userId: ctx.seller.id,
      pointActionId: action!.id,
      points: 5,
      referenceType: 'date',
      referenceId: '2026-01-01',
    });
    await expect(ctx.db.update(pointTransactions).set({ points: 500 })).rejects.toThrow();
    await expect(ctx.db.delete(pointTransactions)).rejects.toThrow();
    // The same award twice is refused by the unique key (idempotent awards).
    await expect(
      ctx.db.insert(pointTransactions).values({
        userId: ctx.seller.id,
        pointActionId: action!.id,
        points: 5,
        referenceType: 'date',
        referenceId: '2026-01-01',
      }),
    ).rejects.toThrow();
  });
});

describe('start-up data', () => {
  beforeEach(() => ctx.testDb.reset());

  it('creates the built-in point actions once and leaves edits alone', async () => {
    await ctx.db.delete(pointActions);
    expect(await ensureBuiltInPointActions(ctx.db)).toBe(BUILT_IN_POINT_ACTIONS.length);
    await ctx.db.update(pointActions).set({ points: 99 }).where(eq(pointActions.key, 'like_post'));
    expect(await ensureBuiltInPointActions(ctx.db)).toBe(0);
    const [like] = await ctx.db.select().from(pointActions).where(eq(pointActions.key, 'like_post'));
    expect(like!.points).toBe(99);
  });

  it('creates the first admin from ADMIN_EMAIL/ADMIN_PASSWORD', async () => {
    const config = loadConfig({
      DATA_DIR: ctx.config.dataDir,
      APP_SECRET: TEST_APP_SECRET,
      ADMIN_EMAIL: 'Jefa@Empresa.com',
      ADMIN_PASSWORD: 'clave-jefa-1',
      ADMIN_NAME: 'Jefa',
    });
    expect(await ensureFirstAdmin(ctx.db, config, silentLog)).toBe('created');
    const [admin] = await ctx.db.select().from(users).where(eq(users.email, 'jefa@empresa.com'));
    expect(admin).toMatchObject({ role: 'admin', name: 'Jefa', active: true });
    expect(await verifyPassword('clave-jefa-1', admin!.passwordHash)).toBe(true);
    expect(await ensureFirstAdmin(ctx.db, config, silentLog)).toBe('exists');
  });

  it('creates the demo admin on the embedded database without variables, and none with DATABASE_URL', async () => {
    const onPostgres = loadConfig({ DATABASE_URL: 'postgres://x', APP_SECRET: TEST_APP_SECRET });
    expect(await ensureFirstAdmin(ctx.db, onPostgres, silentLog)).toBe('missing');
    expect((await ctx.db.select({ n: count() }).from(users))[0]!.n).toBe(0);

    const embedded = loadConfig({ DATA_DIR: ctx.config.dataDir, APP_SECRET: TEST_APP_SECRET });
    expect(await ensureFirstAdmin(ctx.db, embedded, silentLog)).toBe('created-demo');
    const [admin] = await ctx.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
    expect(admin).toMatchObject({ role: 'admin', name: DEMO_ADMIN.name });
    expect(await verifyPassword(DEMO_ADMIN.password, admin!.passwordHash)).toBe(true);
  });

  it('seeds demo data once, quickly, into an empty database', async () => {
    const now = new Date();
    const started = Date.now();
    const result = await seedDemoIfEmpty(ctx.db, now);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(result).toEqual({ seeded: true, branches: 10, sellers: 60 });
    const cities = await ctx.db.selectDistinct({ city: branches.city }).from(branches);
    expect(cities.map((c) => c.city)).toEqual(
      expect.arrayContaining(['Córdoba', 'Rosario', 'San Miguel de Tucumán']),
    );
    const [seller] = await ctx.db.select().from(users).where(eq(users.email, 'vendedor@demo.local'));
    expect(seller).toMatchObject({ role: 'seller', active: true });
    expect(await verifyPassword('vendedor-demo-2026', seller!.passwordHash)).toBe(true);
    // The demo's branch manager, of the first branch (docs/product.md#branch-managers).
    const [manager] = await ctx.db.select().from(users).where(eq(users.email, DEMO_MANAGER.email));
    const [first] = await ctx.db.select({ id: branches.id }).from(branches).orderBy(branches.id).limit(1);
    expect(manager).toMatchObject({ role: 'branch_manager', branchId: first!.id, active: true });
    expect(await verifyPassword(DEMO_MANAGER.password, manager!.passwordHash)).toBe(true);
    const soon = await ctx.db
      .select({ n: count() })
      .from(events)
      .where(
        sql`${events.startAt} BETWEEN ${now.toISOString()}::timestamptz AND ${now.toISOString()}::timestamptz + interval '7 days'`,
      );
    expect(soon[0]!.n).toBeGreaterThan(0);

    // Targets of the current year for every demo seller: 12 volumes each, and units.
    const targets = await queryRows<{ sellers: number; without_volumes: number; without_units: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS sellers,
            count(*) FILTER (WHERE (SELECT count(*) FROM monthly_volumes v WHERE v.user_id = u.id) <> 12)::int AS without_volumes,
            count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM monthly_target_units t WHERE t.user_id = u.id))::int AS without_units
          FROM users u WHERE role = 'seller'`,
    );
    expect(targets[0]).toEqual({ sellers: 60, without_volumes: 0, without_units: 0 });
    const catalog = await queryRows<{ code: string }>(ctx.db, sql`SELECT code FROM suppliers ORDER BY code`);
    expect(catalog[0]?.code).toBe('SUP001');

    expect(await seedDemoIfEmpty(ctx.db, now)).toEqual({ seeded: false });
  });

  it('does not seed a database that already has branches', async () => {
    await ctx.db.insert(branches).values({ name: 'Propia' });
    expect(await seedDemoIfEmpty(ctx.db)).toEqual({ seeded: false });
  });
});
