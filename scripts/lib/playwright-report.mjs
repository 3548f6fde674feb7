// What `npm test` (scripts/test.mjs) reads from Playwright's JSON report: the counts, each failed test
// with its error, and each test that failed and then passed on its retry, by name (issue 29: a retry
// that passed is reported by name at the end of the run, not only counted).

/** `{ passed, failed, skipped, failures, flaky, note }` from Playwright's JSON report. */
export function playwrightResult(report) {
  const failures = [];
  const flaky = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const name = `${path}${spec.title} [${t.projectName}]`;
        if (t.status === 'unexpected') {
          const error = t.results?.at(-1)?.error?.message ?? '';
          failures.push(`${name}: ${error}`);
        } else if (t.status === 'flaky') {
          const error = t.results?.find((r) => r.status !== 'passed')?.error?.message ?? '';
          flaky.push(`${name}${error ? ` (1.er intento: ${error.split('\n')[0]})` : ''}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, `${path}${child.title} > `);
  };
  // The top suites are the spec files, named by their path.
  for (const suite of report.suites ?? []) walk(suite, `${suite.title} > `);
  const { stats, errors } = report;
  return {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected + (errors?.length ? 1 : 0),
    skipped: stats.skipped,
    failures: [...failures, ...(errors ?? []).map((e) => e.message ?? String(e))],
    flaky,
    note: stats.flaky ? `${stats.flaky} flaky` : undefined,
  };
}
