import { describe, expect, it } from 'vitest';
import { playwrightResult } from './playwright-report.mjs';

// A report shaped as Playwright's JSON reporter writes it: one test passed, one passed on its retry,
// one failed twice.
const report = {
  suites: [
    {
      title: 'platform/navigation.spec.ts',
      specs: [
        {
          title: 'opens every screen',
          tests: [{ projectName: 'chromium', status: 'expected', results: [] }],
        },
      ],
      suites: [
        {
          title: 'at 390 px',
          specs: [
            {
              title: 'the menu is a drawer',
              tests: [
                {
                  projectName: 'chromium',
                  status: 'flaky',
                  results: [
                    { status: 'failed', error: { message: 'Timed out 15000ms waiting\nfor the drawer' } },
                    { status: 'passed' },
                  ],
                },
              ],
            },
            {
              title: 'Vendedores is a card list',
              tests: [
                {
                  projectName: 'chromium',
                  status: 'unexpected',
                  results: [
                    { status: 'failed', error: { message: 'first' } },
                    { status: 'failed', error: { message: 'second' } },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
  stats: { expected: 1, unexpected: 1, flaky: 1, skipped: 0 },
  errors: [],
};

describe('playwrightResult', () => {
  it('names each test that passed only on its retry, with its first error', () => {
    const r = playwrightResult(report);
    expect(r.flaky).toEqual([
      'platform/navigation.spec.ts > at 390 px > the menu is a drawer [chromium] (1.er intento: Timed out 15000ms waiting)',
    ]);
    expect(r.note).toBe('1 flaky');
  });

  it('counts a retried pass as passed and names each failure with its last error', () => {
    const r = playwrightResult(report);
    expect(r).toMatchObject({ passed: 2, failed: 1, skipped: 0 });
    expect(r.failures).toEqual([
      'platform/navigation.spec.ts > at 390 px > Vendedores is a card list [chromium]: second',
    ]);
  });
});
