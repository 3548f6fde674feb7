#!/usr/bin/env node
// The API test files of the second database's pass, picked from what a full pass on PostgreSQL
// measured (ENGINE_TRACE, src/testing/engine-trace.ts). docs/decisions/2026-12-02-one-full-api-pass.md.
//
//   node scripts/second-pass.mjs <trace.jsonl>           what the trace says, and whether the list still holds
//   node scripts/second-pass.mjs <trace.jsonl> --write   writes test/second-pass.json from the trace
//
// `npm test` runs the check after its full PostgreSQL pass: a file that now does what the engines run
// differently, or a route that no listed file answers with 2xx, fails the run with this command to fix it.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));
export const LIST = join(apiRoot, 'test/second-pass.json');

/**
 * A test that does something else on each engine: a branch on the engine outside a PostgreSQL-only
 * `runIf` (which PGlite skips anyway), or work on parallel connections (withParallelDb), or a second
 * instance beside the first (openSecondInstance: on PostgreSQL, over connections of its own).
 */
const ENGINE_BRANCH =
  /(inject\('dbKind'\)|\.kind)\s*[!=]==\s*'(pglite|postgres)'|withParallelDb\(|openSecondInstance\(/g;
const POSTGRES_ONLY = /runIf\(inject\('dbKind'\) === 'postgres'/;

/** Every test of the file is inside a PostgreSQL-only `describe.runIf`: PGlite would only skip them. */
const postgresOnly = (source) => {
  const blocks = source.match(/^(describe|it|test)\b.*$/gm) ?? [];
  return blocks.length > 0 && blocks.every((line) => POSTGRES_ONLY.test(line));
};

function branchesOnEngine(source) {
  return source
    .split('\n')
    .some((line) => !POSTGRES_ONLY.test(line) && new RegExp(ENGINE_BRANCH.source).test(line));
}

/**
 * Why a file depends on the engine (empty: it does not). PGlite is PostgreSQL's engine on one
 * connection in the server's process, so what differs is measured on PostgreSQL: two connections at
 * work at once (a lock then waits, a write races another), and a timeout or a cancel. A row or
 * advisory lock with no other connection at work waits for nothing on either engine, and the app's
 * NOTIFY barrier answers the same to a test on both (in-process on PGlite), so those alone do not
 * count; the files that test the barrier itself branch on the engine and are found by that.
 */
export function engineReasons(trace, source) {
  const why = [];
  if (postgresOnly(source)) return why;
  if (trace) {
    const concurrent = trace.maxOpenTransactions >= 2 || trace.maxWritesInFlight >= 2;
    if (trace.maxOpenTransactions >= 2)
      why.push(`${trace.maxOpenTransactions} transacciones abiertas a la vez`);
    if (trace.maxWritesInFlight >= 2) why.push(`${trace.maxWritesInFlight} escrituras a la vez`);
    if (concurrent && trace.features.lock) why.push(`con bloqueos de filas (${trace.features.lock})`);
    if (concurrent && trace.features.advisory)
      why.push(`con bloqueos consultivos (${trace.features.advisory})`);
    if (trace.features.timeout) why.push(`tiempos de espera o cancelación (${trace.features.timeout})`);
  } else {
    why.push('no corre sobre PostgreSQL');
  }
  if (branchesOnEngine(source)) why.push('hace otra cosa en cada motor');
  return why;
}

export function readTrace(path) {
  return readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

const sourceOf = (file) => readFileSync(join(apiRoot, file), 'utf8');

/** Every API test file, relative to apps/api. */
export function testFiles() {
  return readdirSync(join(apiRoot, 'test/api'), { recursive: true })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `test/api/${f}`)
    .sort();
}

const readList = () => JSON.parse(readFileSync(LIST, 'utf8'));

/**
 * The files of the second pass: every engine-dependent file (less the ones decided to run once, with
 * their reason), then, cheapest per new route first, files until every route answered with 2xx in the
 * full pass is answered by one of them.
 */
export function pick(traces, once = readList().once ?? [], files = testFiles(), source = sourceOf) {
  const byFile = new Map(traces.map((t) => [t.file, t]));
  const onceFiles = new Set(once.map((o) => o.file));
  const engine = files
    .filter((file) => !onceFiles.has(file))
    .map((file) => ({ file, why: engineReasons(byFile.get(file), source(file)) }))
    .filter((t) => t.why.length);
  const chosen = new Set(engine.map((t) => t.file));
  const all = new Set(traces.flatMap((t) => t.routes));
  const covered = new Set(traces.filter((t) => chosen.has(t.file)).flatMap((t) => t.routes));
  const routes = [];
  for (;;) {
    let best = null;
    for (const t of traces) {
      if (chosen.has(t.file)) continue;
      const fresh = t.routes.filter((r) => !covered.has(r)).length;
      if (!fresh) continue;
      const cost = Math.max(t.ms, 1) / fresh;
      if (!best || cost < best.cost) best = { t, fresh, cost };
    }
    if (!best) break;
    chosen.add(best.t.file);
    for (const r of best.t.routes) covered.add(r);
    routes.push({ file: best.t.file, routes: best.fresh });
  }
  routes.sort((a, b) => a.file.localeCompare(b.file));
  const ms = traces.filter((t) => chosen.has(t.file)).reduce((sum, t) => sum + t.ms, 0);
  const total = traces.reduce((sum, t) => sum + t.ms, 0);
  return { engine, routes, once, routeCount: all.size, ms, total, files: files.length };
}

/** The listed files (test/second-pass.json). */
export function listedFiles(list = readList()) {
  return [...list.engine.map((e) => e.file), ...list.routes.map((r) => r.file)];
}

/** What the trace finds that the list does not cover: empty when it holds. */
export function problems(traces, list = readList(), files = testFiles(), source = sourceOf) {
  const listed = new Set(listedFiles(list));
  const decided = new Set((list.once ?? []).map((o) => o.file));
  const byFile = new Map(traces.map((t) => [t.file, t]));
  const out = [];
  for (const file of files) {
    if (listed.has(file) || decided.has(file)) continue;
    const why = engineReasons(byFile.get(file), source(file));
    if (why.length) out.push(`${file} depende del motor (${why.join(', ')}) y no está en la lista`);
  }
  for (const file of [...listed, ...decided])
    if (!files.includes(file)) out.push(`${file} está en la lista y no existe`);
  const covered = new Set(traces.filter((t) => listed.has(t.file)).flatMap((t) => t.routes));
  const missing = [...new Set(traces.flatMap((t) => t.routes))].filter((r) => !covered.has(r)).sort();
  if (missing.length)
    out.push(`rutas sin una respuesta 2xx en los archivos de la lista: ${missing.join(', ')}`);
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [path, flag] = process.argv.slice(2);
  if (!path) {
    console.error('Uso: node scripts/second-pass.mjs <traza.jsonl> [--write]');
    process.exit(2);
  }
  const traces = readTrace(path);
  const picked = pick(traces);
  const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;
  console.log(
    `${picked.engine.length} archivos dependen del motor; ${picked.routes.length} más cubren las ${picked.routeCount} rutas con 2xx. ` +
      `${picked.engine.length + picked.routes.length} de ${picked.files} archivos, ${minutes(picked.ms)} de ${minutes(picked.total)} medidos.`,
  );
  for (const e of picked.engine) console.log(`  motor  ${e.file}: ${e.why.join(', ')}`);
  for (const r of picked.routes) console.log(`  rutas  ${r.file}: ${r.routes} rutas nuevas`);
  for (const o of picked.once) console.log(`  una vez ${o.file}: ${o.why}`);
  if (flag === '--write') {
    const list = {
      about:
        'API test files that run on PGlite too; every file runs on PostgreSQL. Written by `node scripts/second-pass.mjs <trace> --write` from a PostgreSQL pass with ENGINE_TRACE; docs/decisions/2026-12-02-one-full-api-pass.md.',
      engine: picked.engine,
      routes: picked.routes,
      once: picked.once,
    };
    writeFileSync(LIST, `${JSON.stringify(list, null, 2)}\n`);
    // In the repository's format, so `npm run check` takes the file as written.
    spawnSync(join(apiRoot, '../../node_modules/.bin/biome'), ['format', '--write', LIST], {
      stdio: 'ignore',
    });
    console.log(`Escrito ${LIST}`);
  } else {
    const found = problems(traces);
    for (const p of found) console.log(`✗ ${p}`);
    process.exit(found.length ? 1 : 0);
  }
}
