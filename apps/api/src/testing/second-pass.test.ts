import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script of this package (scripts/second-pass.mjs), without types
import { engineReasons, listedFiles, pick, problems, testFiles } from '../../scripts/second-pass.mjs';
import type { FileTrace } from './engine-trace.ts';

const trace = (file: string, over: Partial<FileTrace> = {}): FileTrace => ({
  file,
  statements: 10,
  maxOpenTransactions: 1,
  maxWritesInFlight: 1,
  features: {},
  ms: 1000,
  routes: [],
  ...over,
});

describe('which API test files depend on the engine (scripts/second-pass.mjs)', () => {
  it('counts two connections at work, a timeout, and a test that branches on the engine', () => {
    expect(engineReasons(trace('a'), '')).toEqual([]);
    // A lock with no other connection at work waits for nothing on either engine.
    expect(engineReasons(trace('a', { features: { lock: 3, advisory: 2, notify: 5 } }), '')).toEqual([]);
    expect(engineReasons(trace('a', { maxOpenTransactions: 3, features: { lock: 3 } }), '')).toEqual([
      '3 transacciones abiertas a la vez',
      'con bloqueos de filas (3)',
    ]);
    expect(engineReasons(trace('a', { maxWritesInFlight: 2 }), '')).toEqual(['2 escrituras a la vez']);
    expect(engineReasons(trace('a', { features: { timeout: 1 } }), '')).toEqual([
      'tiempos de espera o cancelación (1)',
    ]);
    expect(engineReasons(undefined, '')).toEqual(['no corre sobre PostgreSQL']);
  });

  it('reads a branch on the engine in the source, but not a PostgreSQL-only runIf', () => {
    const reasons = (source: string) => engineReasons(trace('a'), source);
    expect(reasons("describe.runIf(inject('dbKind') === 'postgres')('x', () => {});")).toEqual([]);
    expect(reasons("describe.runIf(inject('dbKind') === 'pglite')('x', () => {});")).toEqual([
      'hace otra cosa en cada motor',
    ]);
    expect(reasons("if (database.kind === 'postgres') {\n  listen();\n}")).toEqual([
      'hace otra cosa en cada motor',
    ]);
    expect(reasons('await withParallelDb(ctx.testDb, run);')).toEqual(['hace otra cosa en cada motor']);
    // A file whose every test is PostgreSQL-only: PGlite would only skip it, whatever the trace says.
    const outage = "describe.runIf(inject('dbKind') === 'postgres')('x', () => {});";
    expect(engineReasons(trace('a', { features: { timeout: 1 } }), outage)).toEqual([]);
    const both = `${outage}\ndescribe.runIf(inject('dbKind') === 'pglite')('y', () => {});`;
    expect(engineReasons(trace('a'), both)).toEqual(['hace otra cosa en cada motor']);
  });

  it('adds the cheapest files per new route until every 2xx route is covered', () => {
    const traces = [
      trace('engine', { maxOpenTransactions: 2, routes: ['GET /a'] }),
      trace('wide-slow', { ms: 10_000, routes: ['GET /b', 'GET /c', 'GET /d'] }),
      trace('narrow-fast', { ms: 500, routes: ['GET /b'] }),
      trace('other-fast', { ms: 600, routes: ['GET /c', 'GET /d'] }),
      trace('fuzz', { maxOpenTransactions: 4, routes: ['GET /a'] }),
    ];
    const files = traces.map((t) => t.file);
    const once = [{ file: 'fuzz', why: 'una vez' }];
    const picked = pick(traces, once, files, () => '');
    expect(picked.engine.map((e: { file: string }) => e.file)).toEqual(['engine']);
    expect(picked.routes).toEqual([
      { file: 'narrow-fast', routes: 1 },
      { file: 'other-fast', routes: 2 },
    ]);
    const list = { engine: picked.engine, routes: picked.routes, once };
    expect(problems(traces, list, files, () => '')).toEqual([]);
    // A file that starts racing writes, or a route no listed file answers, fails the check.
    const changed = [...traces, trace('new', { maxWritesInFlight: 2, routes: ['POST /e'] })];
    expect(problems(changed, list, [...files, 'new'], () => '')).toEqual([
      'new depende del motor (2 escrituras a la vez) y no está en la lista',
      'rutas sin una respuesta 2xx en los archivos de la lista: POST /e',
    ]);
  });

  it('lists only files that exist, and no file twice', () => {
    const listed: string[] = listedFiles();
    const all = new Set<string>(testFiles());
    expect(listed.filter((f) => !all.has(f))).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
  });
});
