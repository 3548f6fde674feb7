import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import sharp from 'sharp';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BackupPaths, backupPglite, restorePglite, SKIP_REASONS } from '../../../src/db/backup.ts';
import { openPglite } from '../../../src/db/client.ts';
import { apiRoot } from '../../../src/lib/paths.ts';

// Issue 20, item 9: the archive is created exclusively, a restore takes complete archives only, and
// entries are streamed with limits. The round trip through the CLI is in backup.test.ts.

const cleanup: string[] = [];
afterAll(() => {
  for (const path of cleanup.reverse()) rmSync(path, { recursive: true, force: true });
});

const scratch = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanup.push(dir);
  return dir;
};

/** A small real picture: a restore keeps only uploads whose bytes are an image of their type. */
async function picture(format: 'png' | 'jpeg' | 'webp', red: number): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: { r: red, g: 40, b: 90 } } })
    .toFormat(format)
    .toBuffer();
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A content-addressed upload under its two-letter folder, as the local storage writes it. */
function writeUpload(uploadsDir: string, bytes: Buffer, ext = 'png'): string {
  const sha = createHash('sha256').update(bytes).digest('hex');
  const path = join(uploadsDir, sha.slice(0, 2), `${sha}.${ext}`);
  mkdirSync(join(uploadsDir, sha.slice(0, 2)), { recursive: true });
  writeFileSync(path, bytes);
  return path;
}

/** What a restore must leave alone when it refuses: every file's hash, and no leftovers. */
function snapshot(dataDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
    const path = join(e.parentPath, e.name);
    if (e.isDirectory()) out[`${relative(dataDir, path)}/`] = 'dir';
    else out[relative(dataDir, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
  }
  return out;
}

/** A data directory as a running install has it: a secret key and two pictures (no database yet). */
function currentData(): BackupPaths {
  const dataDir = scratch('panel-restore-target-');
  writeFileSync(join(dataDir, 'secret.key'), 'clave-actual', { mode: 0o600 });
  const uploadsDir = join(dataDir, 'uploads');
  writeUpload(uploadsDir, Buffer.from('imagen actual 1'));
  writeUpload(uploadsDir, Buffer.from('imagen actual 2'));
  return { dataDir, pgliteDir: join(dataDir, 'pglite'), uploadsDir };
}

interface Entry {
  header: Partial<tar.Header> & { name: string };
  data: Buffer;
}

async function readEntries(file: string): Promise<Entry[]> {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract);
  const entries: Entry[] = [];
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.push({ header: entry.header, data: Buffer.concat(chunks) });
  }
  await reading;
  return entries;
}

async function writeEntries(file: string, entries: Entry[]): Promise<void> {
  const pack = tar.pack();
  const writing = pipeline(pack, createGzip(), createWriteStream(file));
  for (const { header, data } of entries) {
    await new Promise<void>((done, fail) => {
      const callback = (error?: Error | null) => (error ? fail(error) : done());
      if (header.type === 'file' || !header.type)
        pack.entry({ ...header, size: data.length } as tar.Header, data, callback);
      else pack.entry(header as tar.Header, callback);
    });
  }
  pack.finalize();
  await writing;
}

/** The real backup rewritten: entries dropped or changed, others added. */
async function variant(name: string, change: (entries: Entry[]) => Entry[]): Promise<string> {
  const file = join(scratch('panel-backup-variant-'), `${name}.tar.gz`);
  await writeEntries(file, change(await readEntries(archive)));
  return file;
}

const setManifest = (entries: Entry[], edit: (m: Record<string, unknown>) => void) =>
  entries.map((e) => {
    if (e.header.name !== 'manifest.json') return e;
    const manifest = JSON.parse(e.data.toString('utf8'));
    edit(manifest);
    return { ...e, data: Buffer.from(JSON.stringify(manifest)) };
  });

let source: BackupPaths;
let archive: string;

describe.runIf(inject('dbKind') === 'pglite')('backup archives (issue 20, item 9)', () => {
  beforeAll(async () => {
    const dataDir = scratch('panel-backup-source-');
    source = { dataDir, pgliteDir: join(dataDir, 'pglite'), uploadsDir: join(dataDir, 'uploads') };
    const database = await openPglite({
      dataDir: source.pgliteDir,
      loadDataDir: new Blob([readFileSync(inject('pgliteTemplatePath'))]),
    });
    await database.close();
    writeFileSync(join(dataDir, 'secret.key'), randomBytes(32).toString('base64url'), { mode: 0o600 });
    writeUpload(source.uploadsDir!, await picture('png', 1));
    writeUpload(source.uploadsDir!, await picture('jpeg', 2), 'jpg');
    archive = join(scratch('panel-backup-archive-'), 'copia.tar.gz');
    const manifest = await backupPglite(source, archive);
    expect(manifest).toMatchObject({ uploads: 2, secret_key: true });
  }, 120_000);

  it('creates the archive with mode 0600, exclusively: a leftover .partial or a symlink there is refused, never written through', async () => {
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    const names = (await readEntries(archive)).map((e) => e.header.name);
    expect(names.slice(0, 3)).toEqual(['manifest.json', 'pglite.tar', 'secret.key']);
    expect(names.filter((n) => n.startsWith('uploads/'))).toHaveLength(2);

    const dir = scratch('panel-backup-out-');
    // A leftover of an interrupted run, readable by everyone.
    const leftover = join(dir, 'con-resto.tar.gz');
    writeFileSync(`${leftover}.partial`, 'resto viejo', { mode: 0o644 });
    await expect(backupPglite(source, leftover)).rejects.toThrow(/ya existe .*con-resto\.tar\.gz\.partial/);
    expect(readFileSync(`${leftover}.partial`, 'utf8')).toBe('resto viejo');
    expect(existsSync(leftover)).toBe(false);

    // A symlink planted where the aside file goes.
    const victim = join(dir, 'otro-archivo.txt');
    writeFileSync(victim, 'no tocar', { mode: 0o644 });
    const linked = join(dir, 'con-enlace.tar.gz');
    symlinkSync(victim, `${linked}.partial`);
    await expect(backupPglite(source, linked)).rejects.toThrow(/ya existe/);
    expect(readFileSync(victim, 'utf8')).toBe('no tocar');
    expect(statSync(victim).mode & 0o777).toBe(0o644);
    expect(existsSync(linked)).toBe(false);
  }, 120_000);

  it('refuses an archive whose manifest names secret.key without the entry, leaving the data alone', async () => {
    const file = await variant('sin-clave', (entries) =>
      entries.filter((e) => e.header.name !== 'secret.key'),
    );
    const target = currentData();
    const before = snapshot(target.dataDir);
    await expect(restorePglite(target, file)).rejects.toThrow(
      'La copia está incompleta: el manifiesto incluye secret.key y el archivo no la trae',
    );
    expect(snapshot(target.dataDir)).toEqual(before);
  }, 120_000);

  it('refuses an archive that lost its uploads; one made without uploads leaves the current images in place', async () => {
    const lost = await variant('sin-imagenes', (entries) =>
      entries.filter((e) => !e.header.name.startsWith('uploads/')),
    );
    const target = currentData();
    const before = snapshot(target.dataDir);
    await expect(restorePglite(target, lost)).rejects.toThrow(
      'La copia está incompleta: el manifiesto dice 2 archivos subidos y el archivo trae 0',
    );
    expect(snapshot(target.dataDir)).toEqual(before);

    // A backup of an install with no pictures (or with them in S3): restored, and the current
    // pictures stay where they are (the start-up sweep removes those no row points to).
    const none = await variant('ninguna-imagen', (entries) =>
      setManifest(
        entries.filter((e) => !e.header.name.startsWith('uploads/')),
        (m) => {
          m.uploads = 0;
        },
      ),
    );
    const uploadsBefore = snapshot(target.uploadsDir!);
    const result = await restorePglite(target, none);
    expect(result.manifest.uploads).toBe(0);
    expect(snapshot(target.uploadsDir!)).toEqual(uploadsBefore);
    expect(existsSync(join(target.pgliteDir, 'PG_VERSION'))).toBe(true);
  }, 180_000);

  it('streams entries with limits: 400 MB of zeros as pglite.tar in a few hundred KB of gzip is refused without taking memory', async () => {
    const dir = scratch('panel-backup-bomb-');
    const bomb = join(dir, 'bomba.tar.gz');
    const [manifest] = (await readEntries(archive)).filter((e) => e.header.name === 'manifest.json');
    const pack = tar.pack();
    const writing = pipeline(pack, createGzip({ level: 9 }), createWriteStream(bomb));
    // A manifest that asks for nothing else, so only the dump is left to check.
    const bare = { ...JSON.parse(manifest!.data.toString('utf8')), uploads: 0, secret_key: false };
    pack.entry({ name: 'manifest.json' }, Buffer.from(JSON.stringify(bare)));
    const size = 400 * 1024 * 1024;
    const entry = pack.entry({ name: 'pglite.tar', size });
    const zeros = Buffer.alloc(1024 * 1024);
    for (let written = 0; written < size; written += zeros.length) {
      if (!entry.write(zeros)) await new Promise<void>((resolve) => entry.once('drain', () => resolve()));
    }
    entry.end(Buffer.alloc(0));
    pack.finalize();
    await writing;
    expect(statSync(bomb).size).toBeLessThan(1024 * 1024);

    // In a process of its own, to read its peak memory.
    const target = currentData();
    const script = `
      import { restorePglite } from './src/db/backup.ts';
      let message = 'restaurada';
      try { await restorePglite(${JSON.stringify(target)}, ${JSON.stringify(bomb)}); }
      catch (error) { message = error.message; }
      console.log(JSON.stringify({ message, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
    `;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: apiRoot,
      encoding: 'utf8',
    });
    const out = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as { message: string; maxRssMb: number };
    expect(out.message).toBe('La copia está dañada: pglite.tar no es un volcado de la base de datos');
    // Before: the entry was gathered in memory and copied once more for PGlite (910 MB in the issue; about 250 MB now, most of it tsx and the modules).
    expect(out.maxRssMb).toBeLessThan(450);
    expect(readdirSync(target.dataDir).filter((n) => n.startsWith('.restore-'))).toEqual([]);
  }, 300_000);

  it('writes only content-addressed uploads: ../ names, absolute names and links are never written nor followed', async () => {
    const outside = scratch('panel-backup-outside-');
    const sha = 'c'.repeat(64);
    const file = await variant('con-trampas', (entries) => [
      ...entries,
      { header: { name: '../fuera.txt', type: 'file' }, data: Buffer.from('fuera') },
      { header: { name: 'uploads/../../fuera2.txt', type: 'file' }, data: Buffer.from('fuera') },
      { header: { name: `${outside}/absoluto.txt`, type: 'file' }, data: Buffer.from('fuera') },
      {
        header: { name: `uploads/cc/${sha}.png`, type: 'symlink', linkname: '/etc/passwd' },
        data: Buffer.alloc(0),
      },
      {
        header: { name: `uploads/dd/${'d'.repeat(64)}.png`, type: 'link', linkname: '/etc/passwd' },
        data: Buffer.alloc(0),
      },
      { header: { name: 'uploads/ee', type: 'symlink', linkname: outside }, data: Buffer.alloc(0) },
    ]);
    const target = currentData();
    await restorePglite(target, file);
    const restored = snapshot(target.uploadsDir!);
    const files = Object.keys(restored).filter((k) => !k.endsWith('/'));
    expect(files.sort()).toEqual(
      Object.keys(snapshot(source.uploadsDir!))
        .filter((k) => !k.endsWith('/'))
        .sort(),
    );
    for (const name of files) expect(lstatSync(join(target.uploadsDir!, name)).isFile()).toBe(true);
    expect(readdirSync(outside)).toEqual([]);
    expect(existsSync(join(target.dataDir, '..', 'fuera.txt'))).toBe(false);
    expect(existsSync(join(target.dataDir, 'fuera2.txt'))).toBe(false);
  }, 180_000);

  it('writes every entry 0600, and a restore writes the files it restores 0600 (issue 28, item 8)', async () => {
    const entries = await readEntries(archive);
    expect(entries.map((e) => [e.header.name, (e.header.mode ?? 0) & 0o777])).toEqual(
      entries.map((e) => [e.header.name, 0o600]),
    );
    const target = currentData();
    await restorePglite(target, archive);
    for (const name of Object.keys(snapshot(target.uploadsDir!)).filter((k) => !k.endsWith('/')))
      expect(statSync(join(target.uploadsDir!, name)).mode & 0o777, name).toBe(0o600);
    expect(statSync(join(target.dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
  }, 180_000);

  it('restores only uploads named by the hash of their content whose bytes are an image of their type; skips and reports the rest (issue 28, item 8)', async () => {
    const [original] = Object.keys(snapshot(source.uploadsDir!)).filter((k) => k.endsWith('.png'));
    const originalHash = original!.split('/')[1]!.slice(0, 64);
    const upload = (bytes: Buffer, key: string) => ({
      header: { name: `uploads/${key.slice(0, 2)}/${key}`, type: 'file' as const },
      data: bytes,
    });
    const html = Buffer.from('<!doctype html><title>foto</title><script>alert(document.cookie)</script>');
    const jpeg = await picture('jpeg', 3);
    const png = await picture('png', 4);
    const orphanThumb = await picture('webp', 5);
    const thumb = await picture('webp', 6);
    const added = [
      // HTML under a photo's name (its own hash, so only its content gives it away).
      upload(html, `${sha256(html)}.jpg`),
      // A JPEG named .png.
      upload(jpeg, `${sha256(jpeg)}.png`),
      // A real PNG under another content's hash.
      upload(png, `${'a1'.repeat(32)}.png`),
      // A thumbnail whose original the archive does not hold, and one whose original it holds.
      upload(orphanThumb, `${'e'.repeat(64)}.thumb.webp`),
      upload(thumb, `${originalHash}.thumb.webp`),
      // Other extensions and names are not uploads.
      upload(html, `${sha256(html)}.html`),
      upload(png, `${sha256(png)}.svg`),
      { header: { name: 'uploads/notas.txt', type: 'file' as const }, data: Buffer.from('hola') },
      // The right name in the wrong folder.
      {
        header: { name: `uploads/00/${sha256(png)}.png`, type: 'file' as const },
        data: png,
      },
    ];
    const file = await variant('subidas-dudosas', (entries) =>
      setManifest([...entries, ...added], (m) => {
        m.uploads = (m.uploads as number) + 5;
      }),
    );
    const target = currentData();
    const result = await restorePglite(target, file);

    const name = (e: { header: { name: string } }) => e.header.name;
    expect([...result.skipped].sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      [
        { name: name(added[0]!), reason: SKIP_REASONS.notImage('jpg') },
        { name: name(added[1]!), reason: SKIP_REASONS.notImage('png') },
        { name: name(added[2]!), reason: SKIP_REASONS.hash },
        { name: name(added[3]!), reason: SKIP_REASONS.orphanThumb },
        { name: name(added[5]!), reason: SKIP_REASONS.name },
        { name: name(added[6]!), reason: SKIP_REASONS.name },
        { name: 'uploads/notas.txt', reason: SKIP_REASONS.name },
        { name: name(added[8]!), reason: SKIP_REASONS.name },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    );
    const restored = Object.keys(snapshot(target.uploadsDir!)).filter((k) => !k.endsWith('/'));
    const expected = [
      ...Object.keys(snapshot(source.uploadsDir!)).filter((k) => !k.endsWith('/')),
      `${originalHash.slice(0, 2)}/${originalHash}.thumb.webp`,
    ];
    expect(restored.sort()).toEqual(expected.sort());
    expect(result.uploads).toBe(3);
  }, 180_000);

  it('streams a backup: 64 MB more database raise its peak memory by far less than 64 MB (issue 28, item 8)', async () => {
    const dataDir = scratch('panel-backup-large-');
    const paths = { dataDir, pgliteDir: join(dataDir, 'pglite'), uploadsDir: join(dataDir, 'uploads') };
    const database = await openPglite({
      dataDir: paths.pgliteDir,
      loadDataDir: new Blob([readFileSync(inject('pgliteTemplatePath'))]),
    });
    // Stored as it is (no compression): 32,768 rows of 2 KB, 64 MB on disk.
    await database.client.exec(`
      CREATE TABLE relleno (datos text);
      ALTER TABLE relleno ALTER COLUMN datos SET STORAGE EXTERNAL;
      INSERT INTO relleno SELECT repeat(md5(g::text), 64) FROM generate_series(1, 32768) AS g;
      CHECKPOINT;`);
    await database.close();
    writeUpload(paths.uploadsDir, await picture('png', 7));

    // Each in a process of its own, to read its peak: the backup, and what it does besides
    // writing the archive (open the database, count every table, close it), with the same modules.
    const run = (body: string) => {
      const script = `
        import { backupPglite } from './src/db/backup.ts';
        import { openPglite, queryRows } from './src/db/client.ts';
        import { sql } from 'drizzle-orm';
        ${body}
        console.log(JSON.stringify({ maxRssMb: process.resourceUsage().maxRSS / 1024 }));
      `;
      const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: apiRoot,
        encoding: 'utf8',
      });
      expect(child.status, child.stderr).toBe(0);
      return (JSON.parse(child.stdout.trim().split('\n').at(-1)!) as { maxRssMb: number }).maxRssMb;
    };
    const without = run(`
      const database = await openPglite({ dataDir: ${JSON.stringify(paths.pgliteDir)} });
      const names = await queryRows(database.db, sql\`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'\`);
      for (const { name } of names) await queryRows(database.db, sql.raw(\`SELECT count(*)::int AS n FROM "\${name}"\`));
      await database.close();
      void backupPglite;
    `);
    const archiveFile = join(scratch('panel-backup-large-out-'), 'grande.tar.gz');
    const backup = run(`await backupPglite(${JSON.stringify(paths)}, ${JSON.stringify(archiveFile)});`);
    // Before: PGlite's dumpDataDir read the folder into memory, tarred it, and the tar was copied
    // twice more (550 MB for a 44 MB folder in the issue).
    expect(
      backup - without,
      `copia ${backup.toFixed(0)} MB, sin escribirla ${without.toFixed(0)} MB`,
    ).toBeLessThan(32);

    const target = currentData();
    const restored = await restorePglite(target, archiveFile);
    expect(restored.manifest.tables.relleno).toBe(32768);
    expect(restored.uploads).toBe(1);
  }, 300_000);
});
