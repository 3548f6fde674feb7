#!/usr/bin/env node
// Writes the vitest suites' measured times (each workspace's test-budgets.json; the rule:
// scripts/lib/vitest-budgets.mjs) from the JSON reports a whole `npm test` leaves in .artifacts/
// (vitest-*.json). Run it after a whole run on the quiet machine:
//   VITEST_BUDGETS=off npm test; node scripts/test-budgets.mjs
// `--merge` keeps the times of tests the reports do not have (a run of some lanes only).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BUDGETS_FILE, measuredFromReports, readMeasured, repoRoot } from './lib/vitest-budgets.mjs';

const merge = process.argv.includes('--merge');
const artifacts = join(repoRoot, '.artifacts');
const names = readdirSync(artifacts).filter((n) => /^vitest-.*\.json$/.test(n));
if (names.length === 0) throw new Error(`no vitest-*.json in ${artifacts}: run npm test first`);
const reports = names.map((n) => JSON.parse(readFileSync(join(artifacts, n), 'utf8')));
for (const [dir, measured] of Object.entries(measuredFromReports(reports))) {
  const all = merge ? { ...readMeasured(dir), ...measured } : measured;
  const sorted = Object.fromEntries(Object.entries(all).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(join(dir, BUDGETS_FILE), `${JSON.stringify(sorted, null, 2)}\n`);
  const slowest = Object.entries(sorted).sort(([, a], [, b]) => b - a)[0];
  console.log(
    `${relative(repoRoot, join(dir, BUDGETS_FILE))}: ${Object.keys(sorted).length} tests` +
      (slowest ? `, the longest ${(slowest[1] / 1000).toFixed(1)} s (${slowest[0]})` : ''),
  );
}
console.log(`from ${names.join(', ')}`);
