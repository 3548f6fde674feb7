import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// This file sits one level under apps/api both as source (src/paths.ts) and once bundled
// (dist/server.js, dist/cli.js), so the same relative paths work in both.
export const apiRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const migrationsDir = resolve(apiRoot, 'drizzle');
export const defaultWebDistDir = resolve(apiRoot, '../web/dist');
