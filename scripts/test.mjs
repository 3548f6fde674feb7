#!/usr/bin/env node
// `npm test`: everything CI runs, then one closing line "N passed, N failed".
//
// Suites run side by side (TEST_JOBS at once, 2 by default) where they share nothing: each API run
// makes its own databases, each browser run its own server on a free port with its own data
// directory, and the build they need runs once, before any of them. On the 2-core project machine
// a vitest run uses one worker, so two suites at once keep both cores busy. Three at once made the
// browser tests time out on a loaded machine (a browser suite then shares the cores with two API
// runs), so two is the default. Each suite's output goes to .artifacts/test-logs/<suite>.log; a
// failing suite prints its failed tests and the end of its log.
//
//   check            format, lint and typecheck (counted as one test)
//   shared, web, community   vitest (unit and component tests)
//   api:postgres     every API test on PostgreSQL, on Node 26 (scripts/lib/node26.mjs), measuring what each
//                    file does that the engines run differently (ENGINE_TRACE); where no PostgreSQL answers,
//                    a notice says so and they run on PGlite (still on Node 26)
//   api:pglite       vitest in apps/api: the unit tests, and on PGlite the API tests of the second pass
//                    (apps/api/test/second-pass.json: the engine-dependent files and one 2xx of every route;
//                    all of them where no PostgreSQL answers). docs/decisions/2026-12-02-one-full-api-pass.md
//   e2e              Playwright in Debian's Chromium against the built product
//   node26:smoke     a browser smoke (panel and app) against the built server on Node 26
//   production       the lean production install (scripts/production-install.test.mjs)
//   reliability      faults of real components under load: PostgreSQL restarted, the image store
//                    down, two instances behind nginx (scripts/reliability/, docs/reliability.md)
//
// Pass suite names (or their prefix before ':') to run only some: `npm test -- api web`.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readTrace, problems as secondPassProblems } from '../apps/api/scripts/second-pass.mjs';
import { ensureNode26 } from './lib/node26.mjs';
import { playwrightResult } from './lib/playwright-report.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, '.artifacts');
const logs = join(out, 'test-logs');
mkdirSync(logs, { recursive: true });
const VITEST = join(root, 'node_modules/vitest/vitest.mjs');
const PLAYWRIGHT = join(root, 'node_modules/@playwright/test/cli.js');
const JOBS = Math.max(1, Number(process.env.TEST_JOBS ?? 2));

/** Runs a command with its output appended to the suite's log; resolves with its exit status. */
function run(log, command, args, { cwd = root, env = process.env } = {}) {
  return new Promise((resolve) => {
    log.write(`\n$ ${command} ${args.join(' ')}\n`);
    // Plain text in the logs (FORCE_COLOR, even 0, turns colours on in vitest and overrides NO_COLOR).
    const { FORCE_COLOR: _, ...plain } = env;
    const child = spawn(command, args, {
      cwd,
      env: { ...plain, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('error', (error) => {
      log.write(`${error.message}\n`);
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const once = (fn) => {
  let promise;
  return (...args) => (promise ??= fn(...args));
};

/** The panel, the app and the API, built once for every suite that runs the built product. */
const build = once(async () => {
  const log = createWriteStream(join(logs, 'build.log'));
  const status = await run(log, process.execPath, ['scripts/ensure-built.mjs']);
  log.end();
  return status === 0;
});

/** `{ passed, failed, skipped, failures }` from vitest's JSON report. */
function vitestResult(file, status) {
  if (!existsSync(file))
    return { passed: 0, failed: 1, skipped: 0, note: `vitest exited ${status} without a report` };
  const j = JSON.parse(readFileSync(file, 'utf8'));
  // A suite that fails to load has no tests but is a failure.
  const broken = (j.testResults ?? []).filter(
    (s) => s.status === 'failed' && s.assertionResults?.length === 0,
  );
  const failures = [
    ...broken.map((s) => `${s.name}: ${s.message ?? 'no se pudo cargar'}`),
    ...(j.testResults ?? []).flatMap((s) =>
      (s.assertionResults ?? [])
        .filter((a) => a.status === 'failed')
        .map((a) => `${s.name.replace(root, '')} > ${a.fullName}: ${(a.failureMessages ?? [''])[0]}`),
    ),
  ];
  const unexplained = status !== 0 && j.numFailedTests === 0 && broken.length === 0 ? 1 : 0;
  return {
    passed: j.numPassedTests,
    failed: j.numFailedTests + broken.length + unexplained,
    skipped: j.numPendingTests + j.numTodoTests,
    failures,
    note: unexplained ? `vitest exited ${status}` : undefined,
  };
}

function vitest(
  name,
  dir,
  { args = [], node = process.execPath, env = process.env, needsBuild = false } = {},
) {
  return {
    name,
    async run(log) {
      if (needsBuild && !(await build())) return { passed: 0, failed: 1, skipped: 0, note: 'build failed' };
      const file = join(out, `vitest-${name.replace(':', '-')}.json`);
      rmSync(file, { force: true });
      const status = await run(
        log,
        node,
        [VITEST, 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
        { cwd: join(root, dir), env },
      );
      return vitestResult(file, status);
    },
  };
}

/** Playwright against the built server on a free port with its own data and output directories. */
function playwright(name, { args = [], node = process.execPath, env = process.env } = {}) {
  return {
    name,
    async run(log) {
      if (!(await build())) return { passed: 0, failed: 1, skipped: 0, note: 'build failed' };
      const file = join(out, `playwright-${name.replace(':', '-')}.json`);
      rmSync(file, { force: true });
      const status = await run(
        log,
        node,
        [
          PLAYWRIGHT,
          'test',
          '--reporter=list,json',
          `--output=${join(out, `results-${name.replace(':', '-')}`)}`,
          ...args,
        ],
        {
          cwd: join(root, 'e2e'),
          env: {
            ...env,
            PLAYWRIGHT_JSON_OUTPUT_NAME: file,
            // A test that fails once gets one more try (never more: playwright.config.ts caps it at 1);
            // one that then passes is named at the end of the run.
            E2E_RETRIES: env.E2E_RETRIES ?? '1',
            E2E_PORT:
              process.env.E2E_PORT && name === 'e2e' ? process.env.E2E_PORT : String(await freePort()),
            E2E_DATA_DIR: join(out, `data-${name.replace(':', '-')}`),
          },
        },
      );
      if (!existsSync(file))
        return { passed: 0, failed: 1, skipped: 0, note: `playwright exited ${status} without a report` };
      return playwrightResult(JSON.parse(readFileSync(file, 'utf8')));
    },
  };
}

/** Whether the API tests' PostgreSQL server answers (the same server and default as apps/api/vitest.config.ts). */
async function postgresAnswers() {
  const { default: pg } = await import('pg');
  const client = new pg.Client({
    connectionString: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Node 26's directory first on PATH, so `node` in every child process is Node 26 too. */
const node26 = once(() => ensureNode26());
const onNode26 = (suite) => ({
  name: suite.name,
  async run(log) {
    let bin;
    try {
      bin = await node26();
    } catch (error) {
      return { passed: 0, failed: 1, skipped: 0, note: `Node 26: ${error.message}` };
    }
    const env = { ...process.env, PATH: `${bin}:${process.env.PATH}` };
    return suite.with({ node: join(bin, 'node'), env }).run(log);
  },
});

// The longest first: with TEST_JOBS slots, the short ones fill in around them.
const suites = [
  playwright('e2e'),
  onNode26({
    name: 'api:postgres',
    with: (o) => ({
      async run(log) {
        // Every API test once on PostgreSQL, the production database, on Node 26; the second pass on
        // PGlite on the machine's Node (api:pglite). Without PostgreSQL the run says so and the API tests
        // still run on Node 26, on PGlite.
        const trace = join(out, 'engine-trace.jsonl');
        rmSync(trace, { force: true });
        const api = (project, env = o.env) =>
          vitest('api:postgres', 'apps/api', { args: ['--project', project], ...o, env });
        if (await postgresAnswers()) {
          const r = await api('postgres', { ...o.env, ENGINE_TRACE: trace }).run(log);
          const notes = [r.note, 'Node 26'];
          // The second pass still holds: every engine-dependent file and a 2xx of every route in it.
          if (existsSync(trace) && r.failed === 0) {
            const found = secondPassProblems(readTrace(trace));
            for (const p of found) log.write(`✗ segunda pasada: ${p}\n`);
            if (found.length) {
              r.failed += 1;
              r.failures = [
                ...(r.failures ?? []),
                `apps/api/test/second-pass.json no cubre lo que midió esta pasada: ${found.join('; ')}. ` +
                  `Revisá y escribí la lista: cd apps/api && node scripts/second-pass.mjs ${trace} --write`,
              ];
            }
          }
          return { ...r, note: notes.filter(Boolean).join('; ') };
        }
        const notice =
          'PostgreSQL no responde: se omiten las pruebas de API sobre PostgreSQL; corren sobre PGlite en Node 26';
        console.log(`AVISO: ${notice}`);
        log.write(`AVISO: ${notice}\n`);
        const r = await api('pglite').run(log);
        return { ...r, note: [r.note, notice].filter(Boolean).join('; ') };
      },
    }),
  }),
  vitest('api:pglite', 'apps/api', {
    args: ['--project', 'unit', '--project', 'pglite'],
    env: { ...process.env, API_SECOND_PASS: '1' },
  }),
  {
    name: 'check',
    async run(log) {
      const status = await run(log, 'npm', ['run', 'check']);
      return status === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 };
    },
  },
  vitest('web', 'apps/web'),
  onNode26({
    name: 'node26:smoke',
    with: (o) =>
      playwright('node26:smoke', {
        args: [
          'tests/platform/built-server.spec.ts',
          'tests/identity/auth.spec.ts',
          'tests/platform/navigation.spec.ts',
          'tests/community/auth.spec.ts',
          'tests/community/feed.spec.ts',
        ],
        ...o,
      }),
  }),
  vitest('production', '.', { args: ['--config', 'scripts/vitest.config.mjs'], needsBuild: true }),
  {
    name: 'reliability',
    async run(log) {
      const ports = await Promise.all(Array.from({ length: 5 }, freePort));
      const figures = join(out, 'reliability.json');
      rmSync(figures, { force: true });
      const env = { ...process.env, RELIABILITY_PORTS: ports.join(',') };
      const r = await vitest('reliability', '.', {
        args: ['--config', 'scripts/reliability/vitest.config.mjs'],
        needsBuild: true,
        env,
      }).run(log);
      // What was skipped for a missing component is said here too, not only in the log.
      const skipped = existsSync(figures) ? JSON.parse(readFileSync(figures, 'utf8')).skipped : [];
      if (skipped?.length)
        r.note = [r.note, `omitido: falta ${skipped.join(', ')}`].filter(Boolean).join('; ');
      return r;
    },
  },
  vitest('community', 'apps/community'),
  vitest('shared', 'packages/shared'),
];

const wanted = process.argv.slice(2);
const chosen = suites.filter(
  (s) => !wanted.length || wanted.some((w) => s.name === w || s.name.startsWith(`${w}:`)),
);
const unknown = wanted.filter((w) => !suites.some((s) => s.name === w || s.name.startsWith(`${w}:`)));
if (unknown.length) {
  console.error(`Suites desconocidas: ${unknown.join(', ')} (hay: ${suites.map((s) => s.name).join(', ')})`);
  process.exit(2);
}

const started = Date.now();
const minutes = (ms) => `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
const results = new Map();
const queue = [...chosen];
console.log(
  `${chosen.length} suites, ${Math.min(JOBS, chosen.length)} a la vez; registros en .artifacts/test-logs/`,
);
async function worker() {
  for (let suite = queue.shift(); suite; suite = queue.shift()) {
    const begun = Date.now();
    console.log(`▶ ${suite.name}`);
    const log = createWriteStream(join(logs, `${suite.name.replace(':', '-')}.log`));
    let r;
    try {
      r = await suite.run(log);
    } catch (error) {
      r = { passed: 0, failed: 1, skipped: 0, note: error.message };
    }
    await new Promise((resolve) => log.end(resolve));
    r.ms = Date.now() - begun;
    results.set(suite.name, r);
    console.log(
      `${r.failed ? '✗' : '✓'} ${suite.name}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped` +
        ` (${minutes(r.ms)})${r.note ? `, ${r.note}` : ''}`,
    );
    if (r.failed) {
      for (const f of (r.failures ?? []).slice(0, 20))
        console.log(`    ${f.split('\n').slice(0, 4).join('\n      ')}`);
      const file = join(logs, `${suite.name.replace(':', '-')}.log`);
      const tail = readFileSync(file, 'utf8').split('\n').slice(-40).join('\n');
      console.log(`  --- final de ${file} ---\n${tail}\n  ---`);
    }
  }
}
await Promise.all(Array.from({ length: Math.min(JOBS, chosen.length) }, worker));

const totals = { passed: 0, failed: 0, skipped: 0 };
console.log('\n=== summary ===');
for (const suite of chosen) {
  const r = results.get(suite.name);
  totals.passed += r.passed;
  totals.failed += r.failed;
  totals.skipped += r.skipped;
  console.log(
    `${suite.name.padEnd(13)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped (${minutes(r.ms)})` +
      `${r.note ? ` (${r.note})` : ''}`,
  );
}
// Every test that failed and then passed on its retry, by name: a retry is not a pass to forget.
const flaky = chosen.flatMap((suite) =>
  (results.get(suite.name).flaky ?? []).map((t) => `${suite.name}: ${t}`),
);
if (flaky.length) {
  console.log(`\npasaron solo al reintentar (${flaky.length}):`);
  for (const t of flaky) console.log(`  ${t}`);
}
console.log(`whole run: ${minutes(Date.now() - started)}`);
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(totals.failed ? 1 : 0);
