import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { hangGuardMs } from '../lib/vitest-budgets.mjs';

/** The reliability suite (`npm test -- reliability`): real components, one fault at a time. */
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['scripts/reliability/*.test.mjs'],
    // Each test is held to its measured budget (docs/testing.md#runtime-budgets); testTimeout only stops a hang.
    setupFiles: ['scripts/lib/vitest-budgets-setup.mjs'],
    testTimeout: hangGuardMs(fileURLToPath(new URL('..', import.meta.url)), 300_000),
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
