import { describe, expect, it } from 'vitest';
import {
  BUDGET_FACTOR,
  BUDGET_MARGIN_MS,
  budgetKey,
  budgetMs,
  measuredDurations,
} from './playwright-budgets.mjs';

// A report shaped as Playwright's JSON reporter writes it (e2e/scripts/budgets.mjs reads it).
const report = {
  suites: [
    {
      title: 'platform/navigation.spec.ts',
      specs: [
        {
          title: 'opens every screen',
          tests: [
            { projectName: 'chromium', status: 'expected', results: [{ status: 'passed', duration: 4200 }] },
          ],
        },
        {
          title: 'was skipped',
          tests: [
            { projectName: 'chromium', status: 'skipped', results: [{ status: 'skipped', duration: 0 }] },
          ],
        },
      ],
      suites: [
        {
          title: 'at 390 px',
          specs: [
            {
              title: 'fits',
              tests: [
                {
                  projectName: 'chromium',
                  status: 'flaky',
                  results: [
                    { status: 'timedOut', duration: 120_000 },
                    { status: 'passed', duration: 9000 },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
    {
      title: 'community/feed.spec.ts',
      specs: [
        {
          title: 'fails',
          tests: [
            {
              projectName: 'community',
              status: 'unexpected',
              results: [{ status: 'failed', duration: 700 }],
            },
          ],
        },
        {
          // --repeat-each: the same test three times.
          title: 'repeated',
          tests: [
            { projectName: 'community', status: 'expected', results: [{ status: 'passed', duration: 1000 }] },
            { projectName: 'community', status: 'expected', results: [{ status: 'passed', duration: 3000 }] },
            { projectName: 'community', status: 'expected', results: [{ status: 'passed', duration: 2000 }] },
          ],
        },
      ],
    },
  ],
  stats: { expected: 4, unexpected: 1, flaky: 1, skipped: 1 },
};

describe('browser test budgets', () => {
  it('measures each passed test by file, describe and title, the passing attempt, the longest of repeats', () => {
    expect(measuredDurations(report)).toEqual({
      'community/feed.spec.ts › repeated': 3000,
      'platform/navigation.spec.ts › at 390 px › fits': 9000,
      'platform/navigation.spec.ts › opens every screen': 4200,
    });
  });

  it('keys a running test as the report does (testInfo.titlePath)', () => {
    expect(budgetKey(['platform/navigation.spec.ts', 'at 390 px', 'fits'])).toBe(
      'platform/navigation.spec.ts › at 390 px › fits',
    );
    expect(budgetKey(['community/feed.spec.ts', '', 'repeated'])).toBe('community/feed.spec.ts › repeated');
  });

  it('sets a budget of the measured time × 3 + 15 s, in whole milliseconds', () => {
    expect(BUDGET_FACTOR).toBe(3);
    expect(BUDGET_MARGIN_MS).toBe(15_000);
    expect(budgetMs(4200)).toBe(27_600);
    expect(budgetMs(0)).toBe(15_000);
    expect(budgetMs(1000.4)).toBe(18_002);
  });
});
