// Per-test runtime budgets for the vitest suites (issue 29), the browser suite's rule
// (playwright-budgets.mjs) with the vitest margin: a test's budget is its measured time × BUDGET_FACTOR
// + VITEST_MARGIN_MS. The measured times live beside the tests, in `test-budgets.json` of the test's
// workspace (apps/api, apps/web, apps/community, packages/shared; `scripts/` for the repository's own
// suites), keyed by the file's path from there and the test's describe blocks and title.
// vitest-budgets-setup.mjs fails a test that took longer than its budget; scripts/test-budgets.mjs
// writes the files from the JSON reports `npm test` leaves in .artifacts/. How: docs/testing.md.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUDGET_FACTOR } from './playwright-budgets.mjs';

/**
 * The repository: the folder above the current one that holds this file (not `import.meta.url`, which a
 * jsdom suite's transform turns into an http URL).
 */
export const repoRoot = findRoot(process.cwd());

function findRoot(from) {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'scripts/lib/vitest-budgets.mjs'))) return dir;
    if (dirname(dir) === dir) return fileURLToPath(new URL('../..', import.meta.url));
  }
}
export const BUDGETS_FILE = 'test-budgets.json';
/** A test's limit in a measuring run (VITEST_BUDGETS=off). */
export const MEASURING_GUARD_MS = 120_000;
/** What a vitest test may take beyond BUDGET_FACTOR times its measured time. */
export const VITEST_MARGIN_MS = 5_000;

/** The budget, in whole milliseconds, of a test measured at `measuredMs`. */
export function vitestBudgetMs(measuredMs) {
  return Math.ceil(measuredMs * BUDGET_FACTOR + VITEST_MARGIN_MS);
}

/**
 * The folder whose test-budgets.json holds a test file's times: the nearest one with a package.json
 * (a workspace), or `scripts/` for the repository's own suites.
 */
export function budgetsDir(testFile) {
  const scripts = join(repoRoot, 'scripts');
  if (testFile.startsWith(scripts + sep)) return scripts;
  for (let dir = dirname(testFile); dir.startsWith(repoRoot); dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
  }
  return repoRoot;
}

/** A test's key: its file from its budgets folder (with `/`), its describe blocks and its title. */
export function vitestKey(testFile, titles) {
  const file = relative(budgetsDir(testFile), testFile).split(sep).join('/');
  return [file, ...titles].filter(Boolean).join(' › ');
}

/** `{ key: measured ms }` of a budgets folder ({} when it has none yet). */
export function readMeasured(dir) {
  const file = join(dir, BUDGETS_FILE);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

/**
 * The longest budget of a folder's tests, or `fallback` if larger: the suite's testTimeout, so that a
 * test's own budget, not the suite's limit, is what it is held to (the limit only stops a hang).
 */
export function hangGuardMs(dir, fallback) {
  // A measuring run (VITEST_BUDGETS=off) measures a slow test instead of stopping it.
  if (process.env.VITEST_BUDGETS === 'off') return Math.max(fallback, MEASURING_GUARD_MS);
  const longest = Math.max(0, ...Object.values(readMeasured(dir)));
  return Math.max(fallback, longest > 0 ? vitestBudgetMs(longest) : 0);
}

/**
 * `{ budgets folder: { key: measured ms } }` from vitest JSON reports: each passed test's duration, the
 * longest where it ran more than once (the API tests run on two databases).
 */
export function measuredFromReports(reports) {
  const byDir = {};
  for (const report of reports) {
    for (const suite of report.testResults ?? []) {
      const dir = budgetsDir(suite.name);
      byDir[dir] ??= {};
      const measured = byDir[dir];
      for (const test of suite.assertionResults ?? []) {
        if (test.status !== 'passed' || typeof test.duration !== 'number') continue;
        const key = vitestKey(suite.name, [...(test.ancestorTitles ?? []), test.title]);
        measured[key] = Math.max(measured[key] ?? 0, Math.round(test.duration));
      }
    }
  }
  return byDir;
}
