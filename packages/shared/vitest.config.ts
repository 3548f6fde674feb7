import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { hangGuardMs } from '../../scripts/lib/vitest-budgets.mjs';

export default defineConfig({
  test: {
    // Each test is held to its measured budget (docs/testing.md#runtime-budgets); testTimeout only stops a hang.
    setupFiles: ['../../scripts/lib/vitest-budgets-setup.mjs'],
    testTimeout: hangGuardMs(fileURLToPath(new URL('.', import.meta.url)), 5_000),
  },
});
