import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * apps/api: the nearest folder above this module that holds a package.json. That is the same
 * folder whether this runs as source (src/lib/paths.ts) or bundled (dist/server.js, dist/cli.js),
 * so the paths below work in both.
 */
function findApiRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No se encontró package.json por encima de ${from}`);
    dir = parent;
  }
  return dir;
}

export const apiRoot = findApiRoot(dirname(fileURLToPath(import.meta.url)));
export const migrationsDir = resolve(apiRoot, 'drizzle');
export const defaultWebDistDir = resolve(apiRoot, '../web/dist');
export const defaultCommunityDistDir = resolve(apiRoot, '../community/dist');
