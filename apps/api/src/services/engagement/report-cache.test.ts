import type { TEngagement } from '@panel/shared';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.ts';
import { EngagementReports } from './report-cache.ts';

const db = {} as Db;
const zone = 'America/Argentina/Buenos_Aires';
const monday = new Date('2026-12-07T15:00:00Z');

describe('EngagementReports', () => {
  it("makes a period's report once per minute, shared by the calls that arrive meanwhile", async () => {
    let t = 0;
    const compute = vi.fn(async (_db: Db, weeks: number) => ({ weeks }) as unknown as TEngagement);
    const reports = new EngagementReports(60_000, () => t, compute);
    const [a, b] = await Promise.all([reports.get(db, 4, monday, zone), reports.get(db, 4, monday, zone)]);
    expect(a).toBe(b);
    expect(JSON.parse(a)).toEqual({ data: { weeks: 4 } });
    expect(compute).toHaveBeenCalledTimes(1);
    t = 59_000;
    await reports.get(db, 4, monday, zone);
    expect(compute).toHaveBeenCalledTimes(1);
    // Another length, another week (the period moved on a Monday): other reports.
    await reports.get(db, 12, monday, zone);
    await reports.get(db, 4, new Date('2026-12-14T15:00:00Z'), zone);
    expect(compute).toHaveBeenCalledTimes(3);
    t = 60_000;
    await reports.get(db, 4, monday, zone);
    expect(compute).toHaveBeenCalledTimes(4);
    reports.clear();
    await reports.get(db, 4, monday, zone);
    expect(compute).toHaveBeenCalledTimes(5);
  });

  it('keeps no failed report: the next call tries again', async () => {
    const compute = vi
      .fn()
      .mockRejectedValueOnce(new Error('sin base'))
      .mockResolvedValueOnce({ weeks: 4 } as unknown as TEngagement);
    const reports = new EngagementReports(60_000, () => 0, compute);
    await expect(reports.get(db, 4, monday, zone)).rejects.toThrow('sin base');
    await expect(reports.get(db, 4, monday, zone)).resolves.toBe('{"data":{"weeks":4}}');
  });

  it("cuts a branch manager's answer from the same kept report: their branch, as their company line", async () => {
    const row = (n: number) => ({ period: { sellers: n }, previous: { sellers: n }, weekly: {} });
    const compute = vi.fn(
      async () =>
        ({
          weeks: 4,
          company: row(5),
          branches: [
            { branch_id: 1, branch_name: 'Norte', ...row(2) },
            { branch_id: 2, branch_name: 'Sur', ...row(3) },
          ],
        }) as unknown as TEngagement,
    );
    const reports = new EngagementReports(60_000, () => 0, compute);
    const manager = { role: 'branch_manager', branch_id: 2 } as const;
    const mine = JSON.parse(await reports.get(db, 4, monday, zone, manager)).data;
    expect(mine.company).toEqual(row(3));
    expect(mine.branches).toEqual([{ branch_id: 2, branch_name: 'Sur', ...row(3) }]);
    expect(JSON.parse(await reports.get(db, 4, monday, zone)).data.company).toEqual(row(5));
    expect(compute).toHaveBeenCalledTimes(1);
  });
});
