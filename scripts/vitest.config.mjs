import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { hangGuardMs } from './lib/vitest-budgets.mjs';

/** Tests of the repository's own scripts (`npm test -- production`): slow, one file at a time. */
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['scripts/**/*.test.mjs'],
    // The reliability suite has its own run (scripts/reliability/vitest.config.mjs).
    exclude: ['scripts/reliability/**', '**/node_modules/**'],
    // Each test is held to its measured budget (docs/testing.md#runtime-budgets); testTimeout only stops a hang.
    setupFiles: ['scripts/lib/vitest-budgets-setup.mjs'],
    testTimeout: hangGuardMs(fileURLToPath(new URL('.', import.meta.url)), 600_000),
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
