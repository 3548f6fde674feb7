import { FAKER_SEED, faker } from './factories.ts';

// The API test files share one module graph (vitest.config.ts, isolate: false): without this, a file's
// generated data would depend on which files ran before it in the same worker.
faker.seed(FAKER_SEED);
