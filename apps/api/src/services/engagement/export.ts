import type { Readable } from 'node:stream';
import {
  ENGAGEMENT_CSV_HEADER,
  engagementChange,
  type TEngagementValues,
  type TEngagementWeeks,
} from '@panel/shared';
import type { Db } from '../../db/client.ts';
import { csvDownload, csvSafe } from '../../lib/csv.ts';
import { type PanelScope, scopeBranch, WHOLE_COMPANY } from '../auth/branch-scope.ts';
import { branchReport, engagementReport } from './report.ts';

const MEASURES: (keyof TEngagementValues)[] = [
  'active_sellers',
  'posts_seen',
  'likes_per_active',
  'comments_per_active',
  'notifications_read_24h',
  'survey_response_rate',
];

/** A number as Spanish spreadsheets read it: decimal comma; rates and changes as percentages. */
const decimal = (n: number) => n.toLocaleString('es-AR', { maximumFractionDigits: 2, useGrouping: false });
const percent = (n: number | null) => (n === null ? '' : `${decimal(Math.round(n * 1000) / 10)} %`);
const isRate = (m: keyof TEngagementValues) => m === 'notifications_read_24h' || m === 'survey_response_rate';

/**
 * The branch table of the screen for a period, one row per branch and the company last: its value for
 * the period and the change against the previous period (UTF-8 with BOM, `;`, formula cells quoted).
 * A branch per row: a few hundred rows at most, built from the report itself. A branch manager's
 * (`scope`): their branch's row alone (their "company" line would repeat it).
 */
export async function engagementExport(
  db: Db,
  weeks: TEngagementWeeks,
  now: Date,
  timeZone: string,
  scope: PanelScope = WHOLE_COMPANY,
): Promise<Readable> {
  const branch = scopeBranch(scope);
  const whole = await engagementReport(db, weeks, now, timeZone);
  const report = branch === null ? whole : branchReport(whole, branch);
  const line = (name: string, r: { period: TEngagementValues; previous: TEngagementValues }) => [
    csvSafe(name),
    r.period.sellers,
    ...MEASURES.flatMap((m) => {
      const value = r.period[m];
      return [
        value === null ? '' : isRate(m) ? percent(value) : decimal(value),
        percent(engagementChange(value, r.previous[m])),
      ];
    }),
  ];
  async function* rows() {
    for (const b of report.branches) yield line(b.branch_name, b);
    if (branch === null) yield line('Total de la empresa', report.company);
  }
  return csvDownload(ENGAGEMENT_CSV_HEADER, rows());
}
