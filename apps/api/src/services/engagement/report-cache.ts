import type { TEngagement, TEngagementWeeks } from '@panel/shared';
import type { Db } from '../../db/client.ts';
import { type PanelScope, scopeBranch, WHOLE_COMPANY } from '../auth/branch-scope.ts';
import { branchReport, engagementReport, engagementWindows } from './report.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Participación's finished reports, per period, for a minute (report-cache.ts). */
    engagementReports: EngagementReports;
  }
}

/**
 * Participación's finished reports, kept per period for at most `ttlMs` on each instance
 * (docs/decisions/2026-12-04-engagement-kept-weeks.md). A report covers complete weeks only, which
 * change afterwards only through late events (a move, a deactivation, an old like undone, a late answer
 * to an old survey), so a report up to a minute old is what an owner reads anyway; its cost at the
 * 2M-row tenant (tens of ms of database time) is then paid once a minute per period, not per call.
 * Calls that arrive while a report is being made share it; a failed one is not kept.
 */
export class EngagementReports {
  #entries = new Map<string, { at: number; report: Promise<TEngagement>; body: Promise<string> }>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly clock: () => number = Date.now,
    private readonly compute: typeof engagementReport = engagementReport,
  ) {}

  /**
   * The answer of GET /api/engagement, `{data: report}` as JSON text: kept already written, since at 26
   * weeks and 50 branches the report is thousands of values, and writing them was most of a call's cost.
   * A branch manager's (`scope`) is cut from the same report: their branch's row only (branchReport).
   */
  get(
    db: Db,
    weeks: TEngagementWeeks,
    now: Date,
    timeZone: string,
    scope: PanelScope = WHOLE_COMPANY,
  ): Promise<string> {
    const entry = this.#entry(db, weeks, now, timeZone);
    const branch = scopeBranch(scope);
    if (branch === null) return entry.body;
    return entry.report.then((report) => JSON.stringify({ data: branchReport(report, branch) }));
  }

  #entry(db: Db, weeks: TEngagementWeeks, now: Date, timeZone: string) {
    // The period's own days name it: a new week (or another zone) is another report.
    const { days } = engagementWindows(weeks, now, timeZone);
    const key = `${weeks}|${timeZone}|${days.period.from}|${days.period.to}`;
    const at = this.clock();
    const kept = this.#entries.get(key);
    if (kept && at - kept.at < this.ttlMs) return kept;
    for (const [k, old] of this.#entries) if (at - old.at >= this.ttlMs) this.#entries.delete(k);
    const report = this.compute(db, weeks, now, timeZone);
    const body = report.then((r) => JSON.stringify({ data: r }));
    const entry = { at, report, body };
    this.#entries.set(key, entry);
    body.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    return entry;
  }

  /** Forgets every report (the tests' reset empties the tables). */
  clear(): void {
    this.#entries.clear();
  }
}
