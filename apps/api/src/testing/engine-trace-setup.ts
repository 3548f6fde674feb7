import { afterAll, expect } from 'vitest';
import { endFile, startFile } from './engine-trace.ts';

// ENGINE_TRACE only (vitest.config.ts): each API test file's trace, from its start to its end.
startFile(expect.getState().testPath ?? 'unknown', process.cwd());
afterAll(endFile);
