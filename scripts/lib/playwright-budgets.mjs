// Per-test runtime budgets for the browser suite (issue 29): each test's budget comes from its own
// measured time, with one fixed margin, not from a default raised for a slow day. e2e/scripts/budgets.mjs
// writes the measured times (e2e/budgets.json) from a Playwright JSON report; the browser tests' `test`
// (e2e/support/test.ts) sets each test's timeout from them. How to regenerate: docs/testing.md.

/** The one rule: a budget is the measured time times BUDGET_FACTOR plus BUDGET_MARGIN_MS. */
export const BUDGET_FACTOR = 3;
export const BUDGET_MARGIN_MS = 15_000;

/** The budget, in whole milliseconds, of a test measured at `measuredMs`. */
export function budgetMs(measuredMs) {
  return Math.ceil(measuredMs * BUDGET_FACTOR + BUDGET_MARGIN_MS);
}

/**
 * A test's key in e2e/budgets.json: its file (relative to e2e/tests), its describe blocks and its
 * title, joined by " › ". The same from a report (the suites' titles) and from a running test
 * (`testInfo.titlePath`).
 */
export function budgetKey(titlePath) {
  return titlePath.filter(Boolean).join(' › ');
}

/**
 * `{ key: measured ms }` from Playwright's JSON report: the duration of each test's passing attempt
 * (a test that failed or was skipped measured nothing), the longest where a test ran more than once
 * (`--repeat-each`, or in two projects).
 */
export function measuredDurations(report) {
  const measured = {};
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      const key = budgetKey([...path, spec.title]);
      for (const t of spec.tests ?? []) {
        for (const r of t.results ?? []) {
          if (r.status !== 'passed') continue;
          measured[key] = Math.max(measured[key] ?? 0, r.duration);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  // The top suites are the spec files, named by their path relative to the test directory.
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return Object.fromEntries(Object.entries(measured).sort(([a], [b]) => a.localeCompare(b)));
}
