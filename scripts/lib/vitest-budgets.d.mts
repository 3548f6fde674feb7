// Types of vitest-budgets.mjs for the suites' TypeScript configs.
export const repoRoot: string;
export const BUDGETS_FILE: string;
export const VITEST_MARGIN_MS: number;
export const MEASURING_GUARD_MS: number;
export function vitestBudgetMs(measuredMs: number): number;
export function budgetsDir(testFile: string): string;
export function vitestKey(testFile: string, titles: readonly string[]): string;
export function readMeasured(dir: string): Record<string, number>;
export function hangGuardMs(dir: string, fallback: number): number;
export function measuredFromReports(reports: readonly unknown[]): Record<string, Record<string, number>>;
