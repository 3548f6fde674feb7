import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';
import pg from 'pg';

/**
 * What each API test file does that PGlite and PostgreSQL run differently, measured on PostgreSQL
 * while the file runs (ENGINE_TRACE=<file.jsonl>; off otherwise, and then nothing is patched).
 *
 * PGlite is PostgreSQL's own engine on one connection in this process: the SQL, the planner, the
 * extensions and the time-zone data are the same. What differs is measured here:
 * - concurrency: statements and transactions of different connections at the same time (PGlite
 *   runs one at a time, so no lock is ever waited for and no two writes race);
 * - the statements whose meaning is about connections and sessions: row locks, advisory locks,
 *   LISTEN/NOTIFY, timeouts and cancels;
 * - the routes a file answers with 2xx: every route's response passes through each driver's type
 *   parsing (numeric, int8, timestamps, arrays), so one successful call of each runs on both.
 *
 * `scripts/engine-files.mjs` reads the trace and picks the files of the second database's pass
 * (docs/decisions/2026-12-02-one-full-api-pass.md).
 */
export interface FileTrace {
  file: string;
  statements: number;
  /** Most transactions open at the same time, on different connections. */
  maxOpenTransactions: number;
  /** Most writes (INSERT, UPDATE, DELETE) in flight at the same time. */
  maxWritesInFlight: number;
  /** Statements by kind: lock, advisory, notify, timeout. */
  features: Record<string, number>;
  /** How long the file took, from its setup to its last hook. */
  ms: number;
  /** Operations of the OpenAPI document this file answered with 2xx (`GET /api/users/{id}`). */
  routes: string[];
}

const FEATURES: [string, RegExp][] = [
  [
    'lock',
    /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b|\bskip\s+locked\b|\bnowait\b|\block\s+table\b/i,
  ],
  ['advisory', /\bpg_(try_)?advisory/i],
  // A barrier or notice sent by the test's own calls (every app's LISTEN at start is not counted).
  ['notify', /\bpg_notify\b/i],
  ['timeout', /\b(statement|lock|idle_in_transaction_session)_timeout\b|\bpg_(cancel|terminate)_backend\b/i],
];
const WRITE = /^\s*(with\b[\s\S]*?\)\s*)?(insert|update|delete)\b/i;

interface State {
  current: FileTrace | null;
  started: number;
  open: Set<object>;
  writes: number;
  routes: Set<string>;
}

const TRACE_FILE = process.env.ENGINE_TRACE;
const KEY = Symbol.for('panel.engineTrace');
/** Installed once per worker: the test files share one module graph, and pg's Client is patched once. */
function traceState(): State | undefined {
  if (!TRACE_FILE) return undefined;
  const shared = globalThis as Record<symbol, State>;
  shared[KEY] ??= install();
  return shared[KEY];
}
const state = traceState();

function install(): State {
  const s: State = { current: null, started: 0, open: new Set(), writes: 0, routes: new Set() };
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function traced(this: object, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string })?.text ?? '');
    const trace = s.current;
    if (!trace) return query.apply(this, args);
    trace.statements++;
    for (const [name, pattern] of FEATURES)
      if (pattern.test(text)) trace.features[name] = (trace.features[name] ?? 0) + 1;
    const verb = text.trim().slice(0, 8).toLowerCase();
    if (verb.startsWith('begin') || verb.startsWith('start')) {
      s.open.add(this);
      trace.maxOpenTransactions = Math.max(trace.maxOpenTransactions, s.open.size);
    } else if (verb.startsWith('commit') || verb.startsWith('rollback') || verb.startsWith('end')) {
      s.open.delete(this);
    }
    const write = WRITE.test(text);
    if (!write) return query.apply(this, args);
    s.writes++;
    trace.maxWritesInFlight = Math.max(trace.maxWritesInFlight, s.writes);
    const done = () => {
      s.writes--;
    };
    const result = query.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(done, done);
    } else {
      // A callback-style or submittable query: counted as finished at once.
      done();
    }
    return result;
  } as typeof pg.Client.prototype.query;
  return s;
}

/** Starts recording `file` (the test file's path). */
export function startFile(file: string, root: string): void {
  if (!state) return;
  state.open.clear();
  state.writes = 0;
  state.routes.clear();
  state.started = performance.now();
  state.current = {
    file: relative(root, file),
    statements: 0,
    maxOpenTransactions: 0,
    maxWritesInFlight: 0,
    ms: 0,
    features: {},
    routes: [],
  };
}

/** A 2xx answer of the document's operation `key` (called by the contract check). */
export function traceRoute(key: string): void {
  if (state?.current) state.routes.add(key);
}

/** Writes the current file's trace as one line of ENGINE_TRACE. */
export function endFile(): void {
  if (!state?.current || !TRACE_FILE) return;
  state.current.routes = [...state.routes].sort();
  state.current.ms = Math.round(performance.now() - state.started);
  state.routes.clear();
  appendFileSync(TRACE_FILE, `${JSON.stringify(state.current)}\n`);
  state.current = null;
}
