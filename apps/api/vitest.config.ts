import { defineConfig } from 'vitest/config';
import { postgresAnswers, redactUrl } from './src/testing/pg-admin.ts';

/**
 * Three projects: `unit` (next to the code), and the API tests (test/api/<area>/) twice, on `pglite`
 * and on `postgres`. The PostgreSQL server is TEST_DATABASE_URL or the local default; when it
 * does not answer, that project is left out with a notice.
 */
export default defineConfig(async () => {
  const pgAdminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const withPostgres = await postgresAnswers(pgAdminUrl);
  if (!withPostgres) {
    console.warn(
      `\nAVISO: PostgreSQL no responde en ${redactUrl(pgAdminUrl)}; se omiten las pruebas de API sobre PostgreSQL ` +
        '(definí TEST_DATABASE_URL para usar otro servidor).\n',
    );
  }
  const api = {
    include: ['test/api/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The files share one module graph instead of loading the app, drizzle, PGlite and zod again for
    // each (nothing in them mocks or stubs a module; each still opens its own database). Measured on a
    // quiet machine: PGlite with the unit tests 9 min 54 s, PostgreSQL 5 min 32 s (14 min 43 s before).
    isolate: false,
    // Each file starts faker from the same seed, whatever ran before it in the worker.
    setupFiles: ['src/testing/reseed-faker.ts'],
  };
  return {
    test: {
      projects: [
        { test: { name: 'unit', include: ['src/**/*.test.ts'], testTimeout: 20_000 } },
        {
          test: {
            ...api,
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
