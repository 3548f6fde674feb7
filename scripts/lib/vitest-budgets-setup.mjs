// A vitest setup file (each suite's `setupFiles`): a test that took longer than its budget fails, naming
// the budget and the time it was measured at (scripts/lib/vitest-budgets.mjs). VITEST_BUDGETS=off
// measures without budgets. A test without a measured time has none; the suite's testTimeout still
// stops a hang.
import { afterEach, beforeEach } from 'vitest';
import { budgetsDir, readMeasured, vitestBudgetMs, vitestKey } from './vitest-budgets.mjs';

const measuredByDir = new Map();
const started = new WeakMap();

function titles(task) {
  const path = [];
  for (let t = task; t && t.type !== 'file' && t !== t.file; t = t.suite) path.unshift(t.name);
  return path;
}

if (process.env.VITEST_BUDGETS !== 'off') {
  beforeEach(({ task }) => {
    started.set(task, performance.now());
  });
  afterEach(({ task }) => {
    const start = started.get(task);
    if (start === undefined || !task.file?.filepath) return;
    const took = performance.now() - start;
    const dir = budgetsDir(task.file.filepath);
    if (!measuredByDir.has(dir)) measuredByDir.set(dir, readMeasured(dir));
    const measured = measuredByDir.get(dir)[vitestKey(task.file.filepath, titles(task))];
    if (measured === undefined) return;
    const budget = vitestBudgetMs(measured);
    if (took > budget) {
      throw new Error(
        `missed its budget from test-budgets.json: ${(took / 1000).toFixed(1)} s, budget ${(budget / 1000).toFixed(1)} s ` +
          `(measured ${(measured / 1000).toFixed(1)} s; docs/testing.md#runtime-budgets)`,
      );
    }
  });
}
