// Types of playwright-budgets.mjs for the browser tests' TypeScript (e2e/support/test.ts).
export const BUDGET_FACTOR: number;
export const BUDGET_MARGIN_MS: number;
export function budgetMs(measuredMs: number): number;
export function budgetKey(titlePath: readonly string[]): string;
export function measuredDurations(report: unknown): Record<string, number>;
