import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { contractCachePath } from './contract.ts';
import './provided.ts';

/**
 * Creating a PGlite cluster takes seconds (initdb); loading a dump takes ~0.5 s. So the
 * migrated database is built once, and every test file opens its own in-memory copy.
 */
export default async function setup(project: TestProject) {
  const database = await openPglite();
  await runMigrations(database);
  if (database.kind !== 'pglite') throw new Error('unreachable');
  const dump = await database.client.dumpDataDir('none');
  await database.close();
  const path = join(tmpdir(), `panel-api-pglite-template-${process.pid}-${Date.now()}.tar`);
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', path);
  return () => {
    rmSync(path, { force: true });
    rmSync(contractCachePath(path), { force: true });
  };
}
