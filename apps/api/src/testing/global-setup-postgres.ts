import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { contractCachePath } from './contract.ts';
import { databaseUrl, quoteIdent, withAdminClient } from './pg-admin.ts';
import './provided.ts';

/**
 * A fresh database per run: migrated once as a template, then each test file clones its own
 * (CREATE DATABASE … TEMPLATE). Everything this run created is dropped at the end.
 */
export default async function setup(project: TestProject) {
  const serverUrl = project.config.provide?.pgAdminUrl;
  if (!serverUrl) throw new Error('vitest.config.ts must provide pgAdminUrl to the postgres project');
  const prefix = `panel_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const template = `${prefix}_tpl`;
  await withAdminClient(serverUrl, (c) => c.query(`CREATE DATABASE ${quoteIdent(template)}`));
  const database = openPostgres(databaseUrl(serverUrl, template), 2);
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
  project.provide('pgTemplate', template);
  project.provide('pgRunPrefix', prefix);

  return async () => {
    rmSync(contractCachePath(prefix), { force: true });
    await withAdminClient(serverUrl, async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE datname LIKE $1',
        [`${prefix}%`],
      );
      // Clones first, the template last.
      const names = rows
        .map((r) => r.datname)
        .sort((a, b) => Number(a === template) - Number(b === template));
      for (const name of names)
        await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    });
  };
}
