import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { budgetsDir, measuredFromReports, repoRoot, vitestBudgetMs, vitestKey } from './vitest-budgets.mjs';

describe('vitest budgets', () => {
  it('is the measured time times 3 plus 5 s', () => {
    expect(vitestBudgetMs(0)).toBe(5_000);
    expect(vitestBudgetMs(1_234.5)).toBe(8_704);
  });

  it('keeps a test time in its workspace, or in scripts/ for the repository own suites', () => {
    expect(budgetsDir(join(repoRoot, 'apps/web/src/features/x/y.test.tsx'))).toBe(join(repoRoot, 'apps/web'));
    expect(budgetsDir(join(repoRoot, 'apps/api/test/api/a/b.test.ts'))).toBe(join(repoRoot, 'apps/api'));
    expect(budgetsDir(join(repoRoot, 'scripts/reliability/faults.test.mjs'))).toBe(join(repoRoot, 'scripts'));
    expect(vitestKey(join(repoRoot, 'apps/web/src/a.test.tsx'), ['A', '', 'b'])).toBe(
      'src/a.test.tsx › A › b',
    );
  });

  it('measures passed tests only, the longest of two runs (two databases)', () => {
    const file = join(repoRoot, 'apps/api/test/api/a.test.ts');
    const report = (duration, status = 'passed') => ({
      testResults: [
        { name: file, assertionResults: [{ ancestorTitles: ['A'], title: 't', status, duration }] },
      ],
    });
    expect(measuredFromReports([report(120.4), report(300.2), report(9_000, 'failed')])).toEqual({
      [join(repoRoot, 'apps/api')]: { 'test/api/a.test.ts › A › t': 300 },
    });
  });
});
