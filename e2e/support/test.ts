import { readFileSync } from 'node:fs';
import { test as base, expect } from '@playwright/test';
import {
  BUDGET_FACTOR,
  BUDGET_MARGIN_MS,
  budgetKey,
  budgetMs,
} from '../../scripts/lib/playwright-budgets.mjs';

/**
 * e2e/budgets.json: each test's measured time (e2e/scripts/budgets.mjs writes it; docs/testing.md).
 * `E2E_BUDGETS=off` while that script measures: a test that got slower is measured, not failed.
 */
const measured: Record<string, number> =
  process.env.E2E_BUDGETS === 'off'
    ? {}
    : (
        JSON.parse(readFileSync(new URL('../budgets.json', import.meta.url), 'utf8')) as {
          measured_ms: Record<string, number>;
        }
      ).measured_ms;

/**
 * The browser tests' `test`: every spec imports it (not Playwright's own), so each test runs within its
 * budget: its measured time × BUDGET_FACTOR + BUDGET_MARGIN_MS (scripts/lib/playwright-budgets.mjs). A
 * test not in e2e/budgets.json keeps the config's default (playwright.config.ts). A test that misses its
 * budget fails with the budget and its measured time named.
 */
export const test = base.extend<{ budget: undefined }>({
  budget: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixtures take their dependencies as an object.
    async ({}, use, testInfo) => {
      const key = budgetKey(testInfo.titlePath);
      const ms = measured[key];
      if (ms !== undefined) testInfo.setTimeout(budgetMs(ms));
      await use(undefined);
      if (ms !== undefined && testInfo.status === 'timedOut')
        throw new Error(
          `"${key}" missed its budget from e2e/budgets.json (measured ${(ms / 1000).toFixed(1)} s): ` +
            `${(budgetMs(ms) / 1000).toFixed(1)} s = measured × ${BUDGET_FACTOR} + ${BUDGET_MARGIN_MS / 1000} s`,
        );
    },
    { auto: true },
  ],
});

export { expect };
