#!/usr/bin/env node
// Writes e2e/budgets.json, each browser test's measured time, from which its budget is set
// (scripts/lib/playwright-budgets.mjs: measured × 3 + 15 s; docs/testing.md#runtime-budgets).
//
//   node e2e/scripts/budgets.mjs                  runs the whole browser suite once, no retry and no
//                                                 budget, and measures it (needs `npm run build`)
//   node e2e/scripts/budgets.mjs --from <report>  measures a Playwright JSON report already written
//                                                 (`npm test` writes .artifacts/playwright-e2e.json)
//   --merge                                       keeps the file's other tests (a run of some specs:
//                                                 any other argument goes to `playwright test`)
//
// Measure on the quiet machine, a whole run: a budget is not raised for a slow day.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measuredDurations } from '../../scripts/lib/playwright-budgets.mjs';

const e2e = fileURLToPath(new URL('..', import.meta.url));
const root = join(e2e, '..');
const target = join(e2e, 'budgets.json');

const args = process.argv.slice(2);
const merge = args.includes('--merge');
const from = args.indexOf('--from');
const playwrightArgs = args.filter(
  (a, i) => a !== '--merge' && (from === -1 || (i !== from && i !== from + 1)),
);
let reportFile;
if (from !== -1) {
  reportFile = resolve(args[from + 1] ?? '');
} else {
  reportFile = join(root, '.artifacts', 'playwright-budgets.json');
  mkdirSync(dirname(reportFile), { recursive: true });
  // No retry (a retried test's time is not its own) and no budget (E2E_BUDGETS=off): a test that got
  // slower is measured, not failed; 10 minutes bounds a test that hangs.
  const run = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/@playwright/test/cli.js'),
      'test',
      '--retries=0',
      '--timeout=600000',
      '--reporter=line,json',
      ...playwrightArgs,
    ],
    {
      cwd: e2e,
      stdio: 'inherit',
      env: { ...process.env, E2E_BUDGETS: 'off', PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile },
    },
  );
  if (run.status !== 0)
    console.error(`playwright exited ${run.status}: the tests that failed keep no budget`);
}

const report = JSON.parse(readFileSync(reportFile, 'utf8'));
const measured = {
  ...(merge ? JSON.parse(readFileSync(target, 'utf8')).measured_ms : {}),
  ...measuredDurations(report),
};
const file = {
  about:
    "Each browser test's measured time in ms (file › describe › title); its budget is measured × 3 + 15 s " +
    '(scripts/lib/playwright-budgets.mjs). Regenerate: npm run e2e:budgets (docs/testing.md#runtime-budgets).',
  measured_on: new Date(report.stats?.startTime ?? Date.now()).toISOString().slice(0, 10),
  measured_ms: Object.fromEntries(Object.entries(measured).sort(([a], [b]) => a.localeCompare(b))),
};
writeFileSync(target, `${JSON.stringify(file, null, 2)}\n`);
const total = Object.keys(measured).length;
const expected = (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0);
console.log(`e2e/budgets.json: ${total} tests measured (${expected} passed in the report)`);
