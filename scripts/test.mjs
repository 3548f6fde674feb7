#!/usr/bin/env node
// `npm test`: everything CI runs, in order, then one closing line "N passed, N failed".
//   1. check      format, lint and typecheck (counted as one test)
//   2. unit/API   vitest in packages/shared, apps/api (PGlite and PostgreSQL), apps/web, apps/community
//   3. browser    Playwright in Debian's Chromium against the built product
// Pass suite names to run only some: `npm test -- api web`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, '.artifacts');
mkdirSync(out, { recursive: true });

const vitest = (name, dir) => ({
  name,
  run() {
    const file = join(out, `vitest-${name}.json`);
    rmSync(file, { force: true });
    const r = spawnSync(
      'npx',
      ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
      {
        cwd: join(root, dir),
        stdio: 'inherit',
      },
    );
    if (!existsSync(file))
      return { passed: 0, failed: 1, skipped: 0, note: `vitest exited ${r.status} without a report` };
    const j = JSON.parse(readFileSync(file, 'utf8'));
    // A suite that fails to load has no tests but is a failure.
    const failedSuites = (j.testResults ?? []).filter(
      (s) => s.status === 'failed' && s.assertionResults?.length === 0,
    ).length;
    return {
      passed: j.numPassedTests,
      failed:
        j.numFailedTests +
        failedSuites +
        (r.status !== 0 && j.numFailedTests === 0 && failedSuites === 0 ? 1 : 0),
      skipped: j.numPendingTests + j.numTodoTests,
    };
  },
});

const suites = [
  {
    name: 'check',
    run() {
      const r = spawnSync('npm', ['run', 'check'], { cwd: root, stdio: 'inherit' });
      return r.status === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 };
    },
  },
  vitest('shared', 'packages/shared'),
  vitest('api', 'apps/api'),
  vitest('web', 'apps/web'),
  vitest('community', 'apps/community'),
  {
    name: 'e2e',
    run() {
      const built = spawnSync(process.execPath, ['scripts/ensure-built.mjs'], {
        cwd: root,
        stdio: 'inherit',
      });
      if (built.status !== 0) return { passed: 0, failed: 1, skipped: 0, note: 'build failed' };
      const file = join(out, 'playwright.json');
      rmSync(file, { force: true });
      const r = spawnSync('npx', ['playwright', 'test', '--reporter=list,json'], {
        cwd: join(root, 'e2e'),
        stdio: 'inherit',
        env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: file },
      });
      if (!existsSync(file))
        return { passed: 0, failed: 1, skipped: 0, note: `playwright exited ${r.status} without a report` };
      const { stats, errors } = JSON.parse(readFileSync(file, 'utf8'));
      return {
        passed: stats.expected + stats.flaky,
        failed: stats.unexpected + (errors?.length ? 1 : 0),
        skipped: stats.skipped,
      };
    },
  },
];

const wanted = process.argv.slice(2);
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
for (const suite of suites) {
  if (wanted.length && !wanted.includes(suite.name)) continue;
  console.log(`\n=== ${suite.name} ===`);
  const r = suite.run();
  totals.passed += r.passed;
  totals.failed += r.failed;
  totals.skipped += r.skipped;
  lines.push(
    `${suite.name.padEnd(7)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped${r.note ? ` (${r.note})` : ''}`,
  );
}
console.log('\n=== summary ===');
for (const l of lines) console.log(l);
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(totals.failed ? 1 : 0);
