import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The reliability suite (`npm test -- reliability`): real components, one fault at a time. */
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['scripts/reliability/*.test.mjs'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
