import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { hangGuardMs } from '../../scripts/lib/vitest-budgets.mjs';
import { postgresAnswers, redactUrl } from './src/testing/pg-admin.ts';

/**
 * Three projects: `unit` (next to the code), and the API tests (test/api/<area>/) on `pglite` and on
 * `postgres`. The PostgreSQL server is TEST_DATABASE_URL or the local default; when it does not
 * answer, that project is left out with a notice.
 *
 * API_SECOND_PASS=1 (set by `npm test`): where PostgreSQL answers, it runs every file and `pglite` only
 * the files of test/second-pass.json, the ones whose behaviour depends on the engine and one 2xx of
 * every route (docs/decisions/2026-12-02-one-full-api-pass.md). Without it, each project runs them all.
 */
/** Each test is held to its measured budget (docs/testing.md#runtime-budgets); testTimeout only stops a hang. */
const here = fileURLToPath(new URL('.', import.meta.url));
const budgetsSetup = '../../scripts/lib/vitest-budgets-setup.mjs';

export default defineConfig(async () => {
  const pgAdminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const withPostgres = await postgresAnswers(pgAdminUrl);
  if (!withPostgres) {
    console.warn(
      `\nAVISO: PostgreSQL no responde en ${redactUrl(pgAdminUrl)}; se omiten las pruebas de API sobre PostgreSQL ` +
        '(definí TEST_DATABASE_URL para usar otro servidor).\n',
    );
  }
  const secondPass = process.env.API_SECOND_PASS === '1' && withPostgres;
  if (secondPass)
    console.info('\nPGlite corre la segunda pasada (test/second-pass.json); PostgreSQL, todas.\n');
  const api = {
    include: ['test/api/**/*.test.ts'],
    testTimeout: hangGuardMs(here, 30_000),
    hookTimeout: 60_000,
    // The files share one module graph instead of loading the app, drizzle, PGlite and zod again for
    // each (nothing in them mocks or stubs a module; each still opens its own database). Measured on a
    // quiet machine: PGlite with the unit tests 9 min 54 s, PostgreSQL 5 min 32 s (14 min 43 s before).
    isolate: false,
    // Each file starts faker from the same seed, whatever ran before it in the worker.
    setupFiles: [
      'src/testing/reseed-faker.ts',
      budgetsSetup,
      // What each file does that the engines run differently (scripts/engine-files.mjs).
      ...(process.env.ENGINE_TRACE ? ['src/testing/engine-trace-setup.ts'] : []),
    ],
  };
  return {
    test: {
      projects: [
        {
          test: {
            name: 'unit',
            include: ['src/**/*.test.ts'],
            testTimeout: hangGuardMs(here, 20_000),
            setupFiles: [budgetsSetup],
          },
        },
        {
          test: {
            ...api,
            ...(secondPass ? { include: secondPassFiles() } : {}),
            name: 'pglite',
            globalSetup: ['src/testing/global-setup-pglite.ts'],
            provide: { dbKind: 'pglite' as const },
          },
        },
        ...(withPostgres
          ? [
              {
                test: {
                  ...api,
                  name: 'postgres',
                  globalSetup: ['src/testing/global-setup-postgres.ts'],
                  provide: { dbKind: 'postgres' as const, pgAdminUrl },
                },
              },
            ]
          : []),
      ],
    },
  };
});

/** The second pass's files (apps/api/scripts/second-pass.mjs writes the list). */
function secondPassFiles(): string[] {
  const list = JSON.parse(readFileSync(new URL('./test/second-pass.json', import.meta.url), 'utf8')) as {
    engine: { file: string }[];
    routes: { file: string }[];
  };
  return [...list.engine, ...list.routes].map((entry) => entry.file);
}
