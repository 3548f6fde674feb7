import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../../src/db/client.ts';
import { acquireLock } from '../../../src/db/lock-file.ts';
import { branches } from '../../../src/db/schema/branches.ts';
import { users } from '../../../src/db/schema/users.ts';
import { tableChecksums } from '../../../src/db/table-checksums.ts';
import { seedDemoIfEmpty } from '../../../src/demo/seed.ts';
import { apiRoot } from '../../../src/lib/paths.ts';
import { setScryptParams } from '../../../src/services/auth/passwords.ts';
import { ensureBuiltInPointActions } from '../../../src/services/points/built-in-actions.ts';
import { createLocalStorage } from '../../../src/services/storage/local.ts';
import { databaseUrl, quoteIdent, withAdminClient } from '../../../src/testing/pg-admin.ts';

setScryptParams({ N: 1024, r: 8, p: 1 });

const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

function runCli(env: Record<string, string>, args: string[]) {
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: apiRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { code: child.status, output: `${child.stdout}${child.stderr}` };
}

/** sha256 of every file under a folder, by relative path. */
function fileHashes(root: string): Record<string, string> {
  if (!existsSync(root)) return {};
  const out: Record<string, string> = {};
  for (const e of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const path = join(e.parentPath, e.name);
    out[relative(root, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
  }
  return out;
}

/** A demo database with its pictures: every table has rows, uploads has files. */
async function seedDemo(database: Database, uploadsDir: string) {
  await ensureBuiltInPointActions(database.db);
  const seeded = await seedDemoIfEmpty(database.db, new Date(), createLocalStorage(uploadsDir));
  expect(seeded.seeded).toBe(true);
}

/** The demo fills the tables that matter (a round trip of empty tables proves little). */
function expectEveryTableFilled(sums: Awaited<ReturnType<typeof tableChecksums>>) {
  const core = [
    'branches',
    'users',
    'posts',
    'post_images',
    'post_comments',
    'stories',
    'events',
    'notifications',
    'point_transactions',
    'point_search_keys',
    'surveys',
    'survey_answers',
    'monthly_volumes',
    'monthly_target_units',
  ];
  expect(core.filter((t) => (sums[t]?.rows ?? 0) === 0)).toEqual([]);
}

describe.runIf(inject('dbKind') === 'pglite')('npm run admin -- backup / restore (PGlite)', () => {
  it('round-trips every table (per-table md5 of ordered rows), the sequences, the secret key and the uploads', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'panel-backup-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const pgliteDir = join(dataDir, 'pglite');
    const uploadsDir = join(dataDir, 'uploads');
    writeFileSync(join(dataDir, 'secret.key'), randomBytes(32).toString('base64url'), { mode: 0o600 });
    const template = readFileSync(inject('pgliteTemplatePath'));

    let database = await openPglite({ dataDir: pgliteDir, loadDataDir: new Blob([template]) });
    await seedDemo(database, uploadsDir);
    const before = await tableChecksums(database.db);
    await database.close();
    const uploadsBefore = fileHashes(uploadsDir);
    const secretBefore = readFileSync(join(dataDir, 'secret.key'), 'utf8');
    expect(Object.keys(uploadsBefore).length).toBeGreaterThan(0);
    expectEveryTableFilled(before);

    const file = join(dataDir, '..', `panel-backup-${randomBytes(4).toString('hex')}.tar.gz`);
    cleanup.push(() => rmSync(file, { force: true }));
    const backup = runCli({ DATA_DIR: dataDir }, ['backup', file]);
    expect(backup.output).toContain('Copia de seguridad guardada');
    expect(backup.code).toBe(0);
    expect(existsSync(`${file}.partial`)).toBe(false);

    // Change everything the restore must put back: rows, a sequence, files, the key.
    database = await openPglite({ dataDir: pgliteDir });
    await database.db.insert(branches).values({ name: 'Sucursal agregada después de la copia' });
    await database.db.update(users).set({ name: 'Cambiado' }).where(eq(users.role, 'admin'));
    await database.db.execute(sql`DELETE FROM survey_answers`);
    expect(await tableChecksums(database.db)).not.toEqual(before);
    await database.close();
    const oneUpload = Object.keys(uploadsBefore)[0]!;
    rmSync(join(uploadsDir, oneUpload));
    mkdirSync(join(uploadsDir, 'aa'), { recursive: true });
    writeFileSync(join(uploadsDir, 'aa', `${'a'.repeat(64)}.png`), 'después de la copia');
    writeFileSync(join(dataDir, 'secret.key'), randomBytes(32).toString('base64url'));

    // Refused while a server holds the data directory (this test process stands in for it).
    const lock = acquireLock(dataDir);
    const refused = runCli({ DATA_DIR: dataDir }, ['restore', file]);
    lock.release();
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`El servidor está en ejecución (PID ${process.pid})`);

    const restore = runCli({ DATA_DIR: dataDir }, ['restore', file]);
    expect(restore.output).toContain('Restaurada la copia');
    expect(restore.code).toBe(0);
    const previous = readdirSync(dataDir).filter((n) => n.startsWith('pre-restore-'));
    expect(previous).toHaveLength(1);
    expect(existsSync(join(dataDir, previous[0]!, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(dataDir, 'panel.lock'))).toBe(false);

    database = await openPglite({ dataDir: pgliteDir });
    const after = await tableChecksums(database.db);
    await database.close();
    expect(after).toEqual(before);
    expect(fileHashes(uploadsDir)).toEqual(uploadsBefore);
    expect(readFileSync(join(dataDir, 'secret.key'), 'utf8')).toBe(secretBefore);
  }, 240_000);

  it('refuses a file that is not a backup, and leaves the data alone', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'panel-backup-bad-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const bogus = join(dataDir, 'no-es-una-copia.tar.gz');
    writeFileSync(bogus, 'hola');
    const result = runCli({ DATA_DIR: dataDir }, ['restore', bogus]);
    expect(result.code).toBe(1);
    expect(result.output).toContain('No se pudo restaurar');
    expect(
      readdirSync(dataDir).filter((n) => n.startsWith('pre-restore-') || n.startsWith('.restore-')),
    ).toEqual([]);
  }, 60_000);
});

const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0;
if (inject('dbKind') === 'postgres' && !hasPgDump) {
  console.warn('\nAVISO: pg_dump no está en el PATH; se omite la prueba de pg_dump / pg_restore.\n');
}

describe.runIf(inject('dbKind') === 'postgres' && hasPgDump)('pg_dump / pg_restore (PostgreSQL)', () => {
  it('the README route round-trips every table (per-table md5 of ordered rows) and the sequences', async () => {
    const serverUrl = inject('pgAdminUrl');
    const source = `${inject('pgRunPrefix')}_bk_src_${randomBytes(3).toString('hex')}`;
    const target = `${inject('pgRunPrefix')}_bk_dst_${randomBytes(3).toString('hex')}`;
    await withAdminClient(serverUrl, async (c) => {
      await c.query(`CREATE DATABASE ${quoteIdent(source)} TEMPLATE ${quoteIdent(inject('pgTemplate'))}`);
      await c.query(`CREATE DATABASE ${quoteIdent(target)}`);
    });
    cleanup.push(() =>
      withAdminClient(serverUrl, async (c) => {
        await c.query(`DROP DATABASE IF EXISTS ${quoteIdent(source)} WITH (FORCE)`);
        await c.query(`DROP DATABASE IF EXISTS ${quoteIdent(target)} WITH (FORCE)`);
      }),
    );
    const uploadsDir = mkdtempSync(join(tmpdir(), 'panel-backup-pg-uploads-'));
    cleanup.push(() => rmSync(uploadsDir, { recursive: true, force: true }));
    const sourceDb = openPostgres(databaseUrl(serverUrl, source), 2);
    await seedDemo(sourceDb, uploadsDir);
    const before = await tableChecksums(sourceDb.db);
    await sourceDb.close();

    const file = join(uploadsDir, 'panel.dump');
    const dump = spawnSync('pg_dump', ['--format=custom', `--file=${file}`, databaseUrl(serverUrl, source)], {
      encoding: 'utf8',
    });
    expect(dump.stderr).toBe('');
    expect(dump.status).toBe(0);
    const restore = spawnSync(
      'pg_restore',
      ['--clean', '--if-exists', '--no-owner', `--dbname=${databaseUrl(serverUrl, target)}`, file],
      { encoding: 'utf8' },
    );
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);

    expectEveryTableFilled(before);
    const targetDb = openPostgres(databaseUrl(serverUrl, target), 2);
    const after = await tableChecksums(targetDb.db);
    await targetDb.close();
    expect(Object.keys(after).length).toBeGreaterThan(20);
    expect(after).toEqual(before);
  }, 180_000);
});
