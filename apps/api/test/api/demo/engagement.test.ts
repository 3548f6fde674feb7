import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../../../src/demo/seed.ts';
import { inactiveSellers } from '../../../src/services/engagement/inactive.ts';
import { engagementReport } from '../../../src/services/engagement/report.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

const TZ = 'America/Argentina/Buenos_Aires';
const NOW = new Date('2026-12-03T12:00:00Z');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.testDb.reset(); // the seed only runs on an empty database
  await seedDemoIfEmpty(ctx.db, NOW, ctx.app.storage, TZ);
});
afterAll(() => ctx?.close());

describe("the demo's Participación", () => {
  it('tells its story: two branches engaged, Rosario Oroño falling behind', async () => {
    const report = await engagementReport(ctx.db, 12, NOW, TZ);
    const byName = new Map(report.branches.map((b) => [b.branch_name, b]));
    const share = (name: string, i: number) => {
      const b = byName.get(name)!;
      return b.weekly.active_sellers[i]! / b.period.sellers;
    };
    const last = report.weeks - 1;
    for (const name of ['Casa Central', 'Córdoba Centro'])
      expect(share(name, last), name).toBeGreaterThan(0.8);
    // Rosario was as engaged as the others twelve weeks ago, and is now the lowest.
    expect(share('Rosario Oroño', 0)).toBeGreaterThan(0.8);
    const lastWeek = report.branches.map((b) => b.weekly.active_sellers[last]! / b.period.sellers);
    expect(share('Rosario Oroño', last)).toBe(Math.min(...lastWeek));
    expect(share('Rosario Oroño', last)).toBeLessThan(0.5);
    const rosario = byName.get('Rosario Oroño')!;
    expect(rosario.period.active_sellers).toBeLessThanOrEqual(rosario.previous.active_sellers);

    // Its sellers are most of the list to call (two stopped three weeks ago, the others nearly).
    const inactive = await inactiveSellers(ctx.db, { page: 1 }, NOW, TZ);
    const perBranch = new Map<string, number>();
    for (const s of inactive.data) perBranch.set(s.branch_name!, (perBranch.get(s.branch_name!) ?? 0) + 1);
    expect(perBranch.get('Rosario Oroño')).toBeGreaterThanOrEqual(2);
    expect(Math.max(...perBranch.values())).toBe(perBranch.get('Rosario Oroño'));
    expect(inactive.meta.total).toBeLessThan(20);

    // Notifications read within 24 h: most in the engaged branches, few in Rosario, about half company-wide.
    const read = (name: string) => byName.get(name)!.period.notifications_read_24h!;
    for (const name of ['Casa Central', 'Córdoba Centro']) expect(read(name), name).toBeGreaterThan(0.7);
    expect(read('Rosario Oroño')).toBeLessThan(0.25);
    expect(report.company.period.notifications_read_24h).toBeGreaterThan(0.3);
    expect(report.company.period.notifications_read_24h).toBeLessThan(0.7);
  });
});
