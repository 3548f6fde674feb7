import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { MEDIA_MSG, MSG, ZAppPostInput, ZPostInput, ZStoryInput, ZUserImportQuery } from '@panel/shared';
import fc from 'fast-check';
import { parse as parseQuery } from 'fast-querystring';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { z } from 'zod';
import { events, eventTypes } from '../../../src/db/schema/events.ts';
import { startTestProvider } from '../../../src/testing/oidc-provider.ts';
import { tableChecksums } from '../../../src/testing/table-checksums.ts';
import { createTestContext } from '../../../src/testing/test-app.ts';
import { CONTENT_TYPES, type Encoding, encode, refusalProblem } from './fuzz/http-fuzz.ts';
import { badObject, NASTY_STRINGS, rejects } from './fuzz/zod-arbitraries.ts';
import { type Operation, readOperations, seedRouteRows } from './route-fixtures.ts';

/**
 * Fuzzing through the real HTTP layer (OWASP API4/API8, ASVS V5): for every operation of the
 * live OpenAPI document that takes a body or a query, FUZZ_RUNS (default 200) inputs generated
 * from the route's own zod schema, each one refused by that schema, sent over a real socket as
 * JSON, urlencoded and multipart in turn (the encodings the route declares). Every answer must
 * be a complete 4xx with a Spanish message; never a 5xx, never a cut body. Then every table's
 * checksum must be what it was: no refused write left anything behind.
 *
 * Reproduce a run with FUZZ_SEED; make it longer with FUZZ_RUNS.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
/** Queries up to this length are fuzzed here; Node's own limit on the request line is 16 KB. */
const MAX_QUERY_CHARS = 12_000;
/** The CSV exports stream after their headers, so they are called over a real socket. */
const EXPORTS = new Set(['GET /api/users/export', 'GET /api/points/transactions/export']);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);

type AnySchema = z.core.$ZodType;
type RouteSchema = { body?: AnySchema; querystring?: AnySchema };

/** Routes that read their body by hand (multipart uploads): the shared schema they apply. */
const HAND_READ_BODIES: Record<string, { schema: AnySchema; consumes: string[] }> = {
  'POST /api/posts': {
    schema: ZPostInput,
    consumes: ['multipart/form-data', 'application/x-www-form-urlencoded'],
  },
  'POST /api/app/posts': { schema: ZAppPostInput, consumes: ['multipart/form-data'] },
  'POST /api/stories': {
    schema: ZStoryInput,
    consumes: ['multipart/form-data', 'application/x-www-form-urlencoded'],
  },
};

// A real OpenID provider, so the company account's routes are fuzzed themselves (not their 404).
const provider = await startTestProvider({ redirectUris: ['http://127.0.0.1:3000/api/login/oidc/callback'] });
const ctx = await createTestContext({ env: provider.env() });
let urlOf: (path: string) => string = (p) => p;
let base = '';
let before: Record<string, string> = {};
const totals = {
  inputs: 0,
  requests: 0,
  serverErrors: 0,
  byEncoding: {} as Record<string, number>,
  loopMaxMs: 0,
  loopWorst: '',
  loopRechecked: 0,
  loopUnchecked: 0,
  loopTriesOver: 0,
  precompiled: 0,
  precompileMs: 0,
};

/** Events whose `.ics` is the most work: the longest the door accepts, and one stored before the bounds. */
const heavyEvents: number[] = [];

beforeAll(async () => {
  urlOf = await seedRouteRows(ctx);
  const [type] = await ctx.db.insert(eventTypes).values({ name: 'Largo' }).returning();
  for (const [startAt, endAt] of [
    ['2099-01-01T00:00:00Z', '2100-01-02T00:00:00Z'],
    ['1000-01-01T12:00:00Z', '9999-12-31T12:00:00Z'],
  ]) {
    const [row] = await ctx.db
      .insert(events)
      .values({ eventTypeId: type!.id, title: 'Largo', startAt: new Date(startAt!), endAt: new Date(endAt!) })
      .returning();
    heavyEvents.push(row!.id);
  }
  // Every validator of the contract check compiled now, not inside the first answer of each kind
  // while the event loop is measured (the check's own work: 50 ms for one on a quiet machine).
  const compiling = performance.now();
  totals.precompiled = ctx.contract.precompile();
  totals.precompileMs = performance.now() - compiling;
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  before = await tableChecksums(ctx.db);
}, 120_000);
afterAll(async () => {
  await provider.close();
  gcObserver.disconnect();
  console.info(
    `Fuzzing: ${totals.inputs} entradas malas en ${totals.requests} solicitudes ` +
      `(${Object.entries(totals.byEncoding)
        .map(([k, v]) => `${k} ${v}`)
        .join(
          ', ',
        )}); 5xx: ${totals.serverErrors}; bucle de eventos: máx. ${totals.loopMaxMs.toFixed(0)} ms ` +
      `(${totals.loopWorst}; ${totals.loopRechecked} solicitudes medidas de nuevo, una a una, ` +
      `${totals.loopTriesOver} intentos sobre ${MAX_LOOP_DELAY_MS} ms, ${totals.loopUnchecked} sin medir de nuevo por tiempo; ` +
      `${totals.precompiled} validadores del contrato compilados antes, en ${totals.precompileMs.toFixed(0)} ms); ` +
      `FUZZ_RUNS=${RUNS}, FUZZ_SEED=${SEED}`,
  );
  await ctx.close();
});

function schemaOf(op: Operation): RouteSchema {
  const url = op.path.replace(/\{(\w+)\}/g, ':$1');
  const route = ctx.app.apiRoutes.find((r) => r.method === op.method && r.url === url);
  return (route?.schema ?? {}) as RouteSchema;
}

function tokenFor(op: Operation): string | null {
  if (op.xAccess === 'public') return null;
  return op.xAccess === 'app' ? ctx.seller.token : ctx.admin.token;
}

interface Sent {
  status: number;
  body: string;
  contentType: string | null;
  problem: string | null;
}

/**
 * One request. Through `app.inject` (the whole Fastify stack: parsers, hooks, validation,
 * handlers, error handler) for speed; the CSV exports, which stream after their headers, go
 * over a real socket, where a stream that dies midway shows as a cut body, and so do multipart
 * bodies (see below).
 */
async function send(
  op: Operation,
  query: string,
  encoded?: { contentType?: string; payload?: string | Buffer },
): Promise<Sent> {
  const token = tokenFor(op);
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (encoded?.contentType) headers['content-type'] = encoded.contentType;
  const url = `${urlOf(op.path)}${query ? `?${query}` : ''}`;
  totals.requests++;
  // Multipart bodies too: `inject` hands the parser a whole body as one chunk, where a socket
  // delivers it in pieces between which the event loop turns (what real clients get).
  const multipart = encoded?.contentType?.startsWith('multipart/') ?? false;
  const sent =
    EXPORTS.has(op.key) || multipart
      ? await overSocket(op.method, url, headers, encoded?.payload)
      : await injected(op.method, url, headers, encoded?.payload);
  if (sent.status >= 500) totals.serverErrors++;
  return sent;
}

async function injected(
  method: string,
  url: string,
  headers: Record<string, string>,
  payload?: string | Buffer,
): Promise<Sent> {
  const res = await ctx.app.inject({ method: method as 'GET', url, headers, payload });
  const contentType = res.headers['content-type'];
  const declared = res.headers['content-length'];
  const problem =
    declared !== undefined && Number(declared) !== res.rawPayload.length
      ? `content-length ${declared} pero llegaron ${res.rawPayload.length} bytes`
      : null;
  return {
    status: res.statusCode,
    body: res.body,
    contentType: typeof contentType === 'string' ? contentType : null,
    problem,
  };
}

async function overSocket(
  method: string,
  url: string,
  headers: Record<string, string>,
  payload?: string | Buffer,
): Promise<Sent> {
  let res: Response;
  try {
    res = await fetch(`${base}${url}`, { method, headers, body: payload });
  } catch (error) {
    return { status: 0, body: '', contentType: null, problem: `sin respuesta: ${(error as Error).message}` };
  }
  const contentType = res.headers.get('content-type');
  let bytes: Buffer;
  try {
    bytes = Buffer.from(await res.arrayBuffer());
  } catch (error) {
    return {
      status: res.status,
      body: '',
      contentType,
      problem: `cuerpo cortado: ${(error as Error).message}`,
    };
  }
  const declared = res.headers.get('content-length');
  const problem =
    declared !== null && Number(declared) !== bytes.length
      ? `content-length ${declared} pero llegaron ${bytes.length} bytes`
      : null;
  return { status: res.status, body: bytes.toString('utf8'), contentType, problem };
}

const show = (v: unknown) => {
  const text = typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
  return text.length > 160 ? `${text.slice(0, 160)}… (${text.length})` : text;
};

/** Runs `inputs` against one operation; returns the failures (at most a few per kind). */
async function fuzz(
  op: Operation,
  inputs: { query: string; body?: unknown; encoding?: Encoding; expectRefusal: boolean }[],
) {
  const failures: string[] = [];
  // Encoded before the requests go out, so the event loop measured while serving is the server's.
  const ready = await Promise.all(
    inputs.map(async (input) => ({
      input,
      encoded: input.encoding ? await wire(input.body, input.encoding) : undefined,
    })),
  );
  const replay = ready.map(
    ({ input, encoded }) =>
      () =>
        send(op, input.query, encoded),
  );
  await eachConcurrently(ready, CONCURRENCY, replay, async ({ input, encoded }) => {
    const sent = await send(op, input.query, encoded);
    totals.inputs++;
    if (input.encoding) totals.byEncoding[input.encoding] = (totals.byEncoding[input.encoding] ?? 0) + 1;
    else totals.byEncoding.query = (totals.byEncoding.query ?? 0) + 1;
    const problem =
      sent.problem ??
      (input.expectRefusal
        ? refusalProblem(sent.status, sent.body, sent.contentType)
        : sent.status >= 500
          ? `5xx (${sent.status})`
          : sent.status >= 400
            ? refusalProblem(sent.status, sent.body, sent.contentType)
            : null);
    if (problem && failures.length < 8) {
      failures.push(
        `${op.key} [${input.encoding ?? 'query'}] ${problem} ← query=${show(input.query)} body=${show(input.body)} → ${sent.status} ${show(sent.body)}`,
      );
    }
  });
  return failures;
}

/** A body as the bytes that go on the wire (a multipart form serialized, with its boundary). */
async function wire(
  body: unknown,
  encoding: Encoding,
): Promise<{ contentType?: string; payload?: string | Buffer }> {
  const encoded = encode(body, encoding);
  if (!(encoded.payload instanceof FormData)) return encoded as { contentType?: string; payload?: string };
  const form = new Response(encoded.payload);
  return {
    contentType: form.headers.get('content-type') ?? undefined,
    payload: Buffer.from(await form.arrayBuffer()),
  };
}

/** A few requests in flight at once, as real clients do (and PostgreSQL serves in parallel). */
const CONCURRENCY = 4;
async function eachConcurrently<T>(
  items: T[],
  limit: number,
  replay: Replay[],
  run: (item: T) => Promise<void>,
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await whileServing(replay, () =>
    Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker)),
  );
}

/**
 * The event loop's delay while requests are being served (issue 20, item 3): no request may hold
 * it for long, whatever it sends. `monitorEventLoopDelay` runs only while requests are in flight
 * (their bodies are encoded before), so what this file does between them does not count; the
 * contract check's validators (src/testing/contract.ts) are compiled in beforeAll, so only its
 * validating runs with the requests, and each window says how long that took and its longest
 * garbage collection. This machine is shared and a garbage collection or the scheduler can stall
 * any process for a moment: a window over the limit has its requests sent again one at a time,
 * each with its own measurement, and a request over the limit on each of three tries fails the test
 * (twice was not enough on CI's loaded machine: a panel read on PGlite met two stalls in a row
 * once). Before a second or third try the heap is collected, so that no try pays for garbage made
 * before it (a trivial point-action body, `{"cooldown_seconds":0,"id":null}`, 10 ms alone, was held
 * at 211 ms on each of three tries at load 8). Work a request causes repeats; a stall does not.
 */
// On PGlite the database runs on the server's own thread, so a legitimate read's queries count as held
// loop, and a loaded machine stretched one list read to 207 ms on each of three tries: there the limit is
// 1 s, which still catches runaway work (the .ics took 13.5 s). On PostgreSQL only our own code counts.
const MAX_LOOP_DELAY_MS = inject('dbKind') === 'pglite' ? 1_000 : 200;
const LOOP_TRIES = 3;
// The re-check's time on a loaded machine: 240 s made this file 7 min of CI's run on each database (69 s on
// a quiet machine, where few windows pass 200 ms and all are re-checked well within it).
const RECHECK_BUDGET_MS = 60_000;
const ALWAYS_RECHECK_MS = 2_000;
type Replay = () => Promise<unknown>;
/** A measured stretch of serving: the loop's longest delay, and what else ran in it. */
interface Held {
  maxMs: number;
  /** The longest garbage collection in it: whoever's garbage it was (the fuzzer's inputs' too). */
  gcMs: number;
  /** The contract check's own work in it (validating answers; its validators are compiled before). */
  checkMs: number;
}
const loopWindows: ({ label: string; replay: Replay[] | null } & Held)[] = [];
let servingLabel = '';
async function whileServing<T>(replay: Replay[], serve: () => Promise<T>): Promise<T> {
  const { value, held } = await measured(serve);
  loopWindows.push({ label: servingLabel, ...held, replay: held.maxMs > MAX_LOOP_DELAY_MS ? replay : null });
  return value;
}

/** Garbage collections of 5 ms or more, on the performance timeline (start and end, ms). */
const collections: { start: number; end: number }[] = [];
const gcObserver = new PerformanceObserver((list) => {
  for (const e of list.getEntries())
    if (e.duration >= 5) collections.push({ start: e.startTime, end: e.startTime + e.duration });
});
gcObserver.observe({ entryTypes: ['gc'] });
function longestCollection(from: number, to: number): number {
  let longest = 0;
  for (const c of collections)
    if (c.end > from && c.start < to)
      longest = Math.max(longest, Math.min(c.end, to) - Math.max(c.start, from));
  return longest;
}
const checkMs = () => {
  const stats = ctx.contract.stats();
  return stats ? stats.compileMs + stats.validateMs : 0;
};
async function measured<T>(serve: () => Promise<T>): Promise<{ value: T; held: Held }> {
  const checkedBefore = checkMs();
  const from = performance.now();
  const histogram = await startLoopMonitor();
  let value: T;
  try {
    value = await serve();
  } finally {
    await stopLoopMonitor(histogram);
  }
  return {
    value,
    held: {
      maxMs: histogram.count > 0 ? histogram.max / 1e6 : 0,
      gcMs: longestCollection(from, performance.now()),
      checkMs: checkMs() - checkedBefore,
    },
  };
}

/**
 * A full garbage collection, run before a lone try that follows one over the limit: the try then
 * starts from a collected heap, so a collection owed to earlier garbage (hundreds of MB of fuzzed
 * inputs, 70 000-character strings and 5 000-element arrays among them, and every earlier answer)
 * falls outside its measurement. A request that allocates enough to need one still pays for it.
 */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** The event loop while one request is served alone. */
const loopDelayOf = async (request: Replay): Promise<Held> => (await measured(request)).held;

const heldText = (held: Held) =>
  `${held.maxMs.toFixed(0)} ms (GC ${held.gcMs.toFixed(0)} ms, contrato ${held.checkMs.toFixed(0)} ms)`;

/**
 * The histogram's first tick only sets its baseline, and a delay is recorded by the tick after it:
 * the loop turns a few times after enabling (so a request that blocks at once is measured) and
 * before disabling (so a block at the very end is).
 */
const LOOP_RESOLUTION_MS = 10;
const turns = () => new Promise((resolve) => setTimeout(resolve, LOOP_RESOLUTION_MS * 3));
async function startLoopMonitor() {
  const histogram = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  histogram.enable();
  await turns();
  return histogram;
}
async function stopLoopMonitor(histogram: ReturnType<typeof monitorEventLoopDelay>) {
  await turns();
  histogram.disable();
}

/** The encodings an operation takes, in the order inputs cycle through them. */
function encodingsOf(op: Operation): Encoding[] {
  const declared = HAND_READ_BODIES[op.key]?.consumes ?? op.consumes;
  return [...new Set(declared.map((c) => CONTENT_TYPES[c]).filter((e): e is Encoding => !!e))];
}

/** Bad bodies for a route, each refused by its schema as the server will parse it. */
function bodyInputs(op: Operation, schema: AnySchema, seed: number) {
  const encodings = encodingsOf(op);
  const candidates = fc.sample(badObject(schema), { numRuns: RUNS * 4, seed });
  const inputs: { query: string; body: unknown; encoding: Encoding; expectRefusal: boolean }[] = [];
  for (const body of candidates) {
    const encoding = encodings[inputs.length % encodings.length]!;
    const encoded = encode(body, encoding);
    if (!encoded.parserRefuses && !rejects(schema, encoded.parsed)) continue;
    inputs.push({ query: '', body, encoding, expectRefusal: true });
    if (inputs.length >= RUNS) break;
  }
  return inputs;
}

/** Bad query strings for a route, each refused by its query schema as the server parses it. */
function queryInputs(schema: AnySchema, seed: number, body?: { body: unknown; encoding: Encoding }) {
  const candidates = fc.sample(badObject(schema), { numRuns: RUNS * 4, seed });
  const inputs: { query: string; body?: unknown; encoding?: Encoding; expectRefusal: boolean }[] = [];
  for (const value of candidates) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) continue;
    const pairs: [string, string][] = [];
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined) continue;
      for (const item of Array.isArray(v) ? v : [v])
        pairs.push([k, typeof item === 'string' ? item : (JSON.stringify(item) ?? '')]);
    }
    const query = new URLSearchParams(pairs).toString();
    // Longer query strings are long-query.test.ts's (issue 13, finding 7), over a real socket.
    if (query.length > MAX_QUERY_CHARS) continue;
    if (!rejects(schema, parseQuery(query))) continue;
    inputs.push({ query, ...body, expectRefusal: true });
    if (inputs.length >= RUNS) break;
  }
  return inputs;
}

/**
 * Hand-written query nasties for every parameter: values the schema may let through but the
 * database cannot hold (NUL, beyond int4), array and upper-case spellings, a 100 000-character
 * value. A read may still answer 200 (the value is taken as it is); a 4xx must be a
 * proper Spanish refusal, and nothing may be a 5xx or a cut body.
 */
function handQueryInputs(op: Operation) {
  const out: { query: string; expectRefusal: boolean }[] = [];
  const databaseRefuses = ['\u0000', 'a\u0000b', '2147483648', '9'.repeat(30), '-2147483649'];
  for (const name of op.query) {
    for (const value of [...databaseRefuses, '1e3', '0x10']) {
      out.push({ query: new URLSearchParams([[name, value]]).toString(), expectRefusal: false });
    }
    out.push({ query: `${name}[]=1`, expectRefusal: false });
    out.push({ query: `${name}=1&${name}=2`, expectRefusal: false });
    out.push({ query: `${name}=%zz%E0%A4%A`, expectRefusal: false });
    out.push({ query: `${name}=${encodeURIComponent(NASTY_STRINGS[7])}`, expectRefusal: false });
    out.push({ query: `${name}=${'q'.repeat(9_000)}`, expectRefusal: false });
  }
  return out;
}

/** Multipart bodies no parser can read: each must be a Spanish 400, never a 500. */
const BOUNDARY = '----fuzz7MA4YWxkTrZu0gW';
const PART = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHola\r\n`;
const FILE_PART =
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="images[]"; filename="a.jpg"\r\n` +
  'Content-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0';
const MALFORMED_MULTIPART: Record<string, { contentType: string; payload: Buffer | string }> = {
  'bytes basura': {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x00, 0x0d, 0x0a, 0xff, 0xfe, 0x2d, 0x2d, 0x41]),
  },
  'sin boundary': { contentType: 'multipart/form-data', payload: `${PART}--${BOUNDARY}--\r\n` },
  'boundary vacío': { contentType: 'multipart/form-data; boundary=', payload: `${PART}--${BOUNDARY}--\r\n` },
  'cortado en un campo': {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: PART.slice(0, PART.length - 6),
  },
  'cortado antes del cierre': {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: `${PART}--${BOUNDARY.slice(0, 8)}`,
  },
  'cortado en un archivo': { contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: FILE_PART },
};

/** A CSV that would really import one person: what a write that ignored a bad query would do. */
const IMPORTABLE_CSV =
  'name;email;role;password\nPersona Fuzz;persona.fuzz@example.com;seller;clave-larga-12345\n';

/** CSVs with at least one unimportable cell in every row (each row also carries nasties). */
const badCsv = fc
  .array(
    fc.tuple(
      fc.constantFrom('sin-arroba', 'a@', '', `${'a'.repeat(300)}@x.com`, 'a b@c.com'),
      fc.constantFrom(
        ...NASTY_STRINGS.filter((s) => !s.includes('\n') && !s.includes(';') && s.length < 500),
      ),
      fc.constantFrom('seller', 'admin', 'root', ''),
      fc.constantFrom('corta', '', 'x'.repeat(300), 'clave-larga-12345'),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((rows) =>
    [
      'name;email;role;password',
      ...rows.map(([email, name, role, pw]) => `${name};${email};${role};${pw}`),
    ].join('\n'),
  );

const OPERATIONS = await readOperations(ctx);
const targets = OPERATIONS.filter(
  (op) => op.consumes.length > 0 || op.query.length > 0 || HAND_READ_BODIES[op.key] !== undefined,
);

describe('fuzzing every operation with a body or a query', () => {
  it('covers the operations the document declares with a body or a query', () => {
    expect(targets.length).toBeGreaterThanOrEqual(60);
    expect(RUNS).toBeGreaterThanOrEqual(1);
  });

  targets.forEach((op, index) => {
    it(`${op.key}: every generated bad input is a complete Spanish 4xx`, { timeout: 300_000 }, async () => {
      servingLabel = op.key;
      const seed = SEED + index;
      const schema = schemaOf(op);
      const failures: string[] = [];
      let count = 0;

      if (op.key === 'POST /api/users/import') {
        // Bad queries next to a CSV that would import for real; then bad CSVs.
        const queryCases = [
          ...queryInputs(ZUserImportQuery, seed, { body: IMPORTABLE_CSV, encoding: 'csv' }),
          // Misspelt names on a write (issue 13, finding 5) would import for real.
          ...[
            'dry_run[]=1',
            'DRY_RUN=1',
            'dryrun=1',
            'dry_run=1&dry_run=0',
            'dry_run=yes',
            'dry_run=%00',
            'dry_run=1%00',
          ].map((query) => ({
            query,
            body: IMPORTABLE_CSV,
            encoding: 'csv' as Encoding,
            expectRefusal: true,
          })),
        ];
        failures.push(...(await fuzz(op, queryCases)));
        count += queryCases.length;
        const csvCases = fc.sample(badCsv, { numRuns: RUNS, seed }).map((csv) => ({ query: '', csv }));
        failures.push(
          ...(await fuzz(
            op,
            csvCases.map((c) => ({
              query: c.query,
              body: c.csv,
              encoding: 'csv' as Encoding,
              expectRefusal: true,
            })),
          )),
        );
        count += csvCases.length;
      } else {
        const bodySchema = schema.body ?? HAND_READ_BODIES[op.key]?.schema;
        if (bodySchema && encodingsOf(op).length > 0) {
          const inputs = bodyInputs(op, bodySchema, seed);
          expect(inputs.length, `${op.key}: bad bodies generated`).toBe(RUNS);
          failures.push(...(await fuzz(op, inputs)));
          count += inputs.length;
        }
        if (schema.querystring && op.query.length > 0) {
          const inputs = queryInputs(schema.querystring, seed + 7_919);
          expect(inputs.length, `${op.key}: bad queries generated`).toBe(RUNS);
          failures.push(...(await fuzz(op, inputs)));
          failures.push(...(await fuzz(op, handQueryInputs(op))));
          count += inputs.length;
        }
      }
      expect(count, `${op.key}: inputs`).toBeGreaterThanOrEqual(RUNS);
      expect(failures).toEqual([]);
    });
  });

  // Long enough for a request that holds the loop to finish, so the measure below can name it.
  it('serves every read without a query, and the heaviest .ics, with a proper answer', {
    timeout: 600_000,
  }, async () => {
    const reads = OPERATIONS.filter((op) => op.method === 'GET' && op.query.length === 0);
    const calls = [
      ...reads.map((op) => ({ op, url: urlOf(op.path) })),
      ...heavyEvents.map((id) => ({
        op: reads.find((op) => op.path.endsWith('.ics'))!,
        url: `/api/app/events/${id}.ics`,
      })),
    ];
    const failures: string[] = [];
    servingLabel = 'lecturas';
    const requests = calls.map(({ op, url }) => {
      const token = tokenFor(op);
      return () =>
        ctx.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    });
    await whileServing(requests, async () => {
      for (const [i, request] of requests.entries()) {
        const res = await request();
        totals.requests++;
        if (res.statusCode !== 200)
          failures.push(`${calls[i]!.url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    });
    expect(failures).toEqual([]);
  });

  it('answers every malformed multipart body on every write with a Spanish 400 (issue 20, item 7)', async () => {
    // Sign-out last: should a body ever slip through, it would end the session the others use.
    const writes = OPERATIONS.filter((op) => op.method !== 'GET').sort(
      (a, b) => Number(a.key === 'POST /api/logout') - Number(b.key === 'POST /api/logout'),
    );
    expect(writes.length).toBeGreaterThanOrEqual(43);
    const failures: string[] = [];
    servingLabel = 'multipart roto';
    const cases = writes.flatMap((op) =>
      Object.entries(MALFORMED_MULTIPART).map(([shape, { contentType, payload }]) => {
        const token = tokenFor(op);
        const request = () =>
          ctx.app.inject({
            method: op.method as 'POST',
            url: urlOf(op.path),
            headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': contentType },
            payload,
          });
        return { op, shape, request };
      }),
    );
    await whileServing(
      cases.map((c) => c.request),
      async () => {
        for (const { op, shape, request } of cases) {
          const res = await request();
          totals.requests++;
          totals.inputs++;
          totals.byEncoding['multipart roto'] = (totals.byEncoding['multipart roto'] ?? 0) + 1;
          // Public routes refuse multipart before reading it (415); the rest read it and refuse it.
          const expected = op.xAccess === 'public' ? 415 : 400;
          const problem =
            res.statusCode === expected
              ? refusalProblem(res.statusCode, res.body, String(res.headers['content-type']))
              : `${res.statusCode} en lugar de ${expected}`;
          // A file part on a route that takes none is refused as such before the body breaks off.
          const wrongText =
            !problem &&
            expected === 400 &&
            ![MSG.malformedMultipart, MEDIA_MSG.filesNotAccepted].includes(res.json().message);
          if (problem || wrongText)
            failures.push(`${op.key} [${shape}] ${problem ?? 'otro mensaje'}: ${res.body.slice(0, 160)}`);
        }
      },
    );
    expect(failures).toEqual([]);
  });

  it(`never held the event loop over ${MAX_LOOP_DELAY_MS} ms while serving (issue 20, item 3)`, {
    timeout: 600_000,
  }, async () => {
    expect(loopWindows.length).toBeGreaterThan(0);
    const worst = [...loopWindows].sort((a, b) => b.maxMs - a.maxMs);
    totals.loopMaxMs = worst[0]!.maxMs;
    totals.loopWorst = worst
      .slice(0, 3)
      .map((w) => `${w.label} ${heldText(w)}`)
      .join(', ');
    const confirmed: string[] = [];
    const started = Date.now();
    for (const window of worst.filter((w) => w.replay)) {
      // Worst windows first. On a loaded machine hundreds of windows pass 200 ms and sending all
      // their requests again, one at a time, outran the test's 10 minutes; past the budget only
      // windows long enough to hide runaway work (seconds, like the 13.5 s .ics) are still checked.
      if (Date.now() - started > RECHECK_BUDGET_MS && window.maxMs <= ALWAYS_RECHECK_MS) {
        totals.loopUnchecked += window.replay!.length;
        window.replay = null;
        continue;
      }
      totals.loopRechecked += window.replay!.length;
      for (const [i, request] of window.replay!.entries()) {
        // Over the limit on each of three tries: the request's own work, not a stall of the machine
        // nor a collection of garbage made before it (collected before each further try).
        let least: Held | null = null;
        for (
          let attempt = 0;
          attempt < LOOP_TRIES && (least?.maxMs ?? Infinity) > MAX_LOOP_DELAY_MS;
          attempt++
        ) {
          if (attempt > 0) collectGarbage();
          const held = await loopDelayOf(request);
          if (held.maxMs > MAX_LOOP_DELAY_MS) totals.loopTriesOver++;
          if (!least || held.maxMs < least.maxMs) least = held;
        }
        if (least && least.maxMs > MAX_LOOP_DELAY_MS)
          confirmed.push(`${window.label} (solicitud ${i}): ${heldText(least)}`);
      }
      window.replay = null;
    }
    expect(confirmed).toEqual([]);
  });

  it('left every table exactly as it was (no refused write wrote anything)', async () => {
    expect(await tableChecksums(ctx.db)).toEqual(before);
  });
});
