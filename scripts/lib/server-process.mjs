// How the built server is started: by `npm start`, the benches, the browser tests and the
// reliability scripts alike, so the figures in docs/performance.md are those of the process a user
// runs.
//
// With the embedded database (no DATABASE_URL) the memory budget is 400 MB resident, and three
// things beyond the data held it up (docs/performance.md, "What holds the memory"):
//   - a first start leaves PGlite's initdb and the demo seed's garbage (about 500 MB) that V8 keeps
//     until a full collection, which an idle server never reaches: with `--expose-gc` the server
//     collects once when it is ready (apps/api/src/server.ts). 800 → about 400 MB.
//   - glibc's malloc: each thread that allocates gets its own arena, and large freed blocks stay in
//     the heap once its mmap threshold has risen (the seed's images come from sharp's threads).
//     MALLOC_ARENA_MAX=2 and fixed trim and mmap thresholds (mallopt(3)): 393–408 → 347–360 MB
//     after the first start.
//   - V8 lets the old generation grow up to four times what was live before it collects, and under
//     load the answers waiting for the one embedded connection are promoted there: used heap went
//     47 → 164 MB and back at every full collection, and the peak reached 407–420 MB.
//     `--heap-growing-percent=100` (grow to twice at most) kept the peak near 310 MB at the same CPU
//     per request, measured side by side.
// On PostgreSQL the process holds no database and none of this was measured, so it starts plain.
// A variable the caller sets itself wins.
export const SERVER_ENTRY = 'apps/api/dist/server.js';

const EMBEDDED_MALLOC = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_TRIM_THRESHOLD_: '131072',
  MALLOC_MMAP_THRESHOLD_: '131072',
};

/**
 * The node arguments (`args` ends with the entry) and the environment of the built server, for
 * `env`, the child's environment.
 */
export function serverProcess(env = process.env) {
  if (env.DATABASE_URL) return { nodeArgs: [], args: [SERVER_ENTRY], env };
  const nodeArgs = ['--expose-gc'];
  if (!/--heap-growing-percent/.test(env.NODE_OPTIONS ?? '')) nodeArgs.push('--heap-growing-percent=100');
  return { nodeArgs, args: [...nodeArgs, SERVER_ENTRY], env: { ...EMBEDDED_MALLOC, ...env } };
}
