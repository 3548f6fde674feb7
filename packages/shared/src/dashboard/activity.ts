import { z } from 'zod';
import { zTimestamp } from '../core/common.ts';
import { ZLeaderboardEntry } from '../points/reports.ts';

/** Below the dashboard's counters: what an administrator opens it for (issue 7, item 6). */
export const ZDashboardActivity = z.object({
  /** The last 30 business days (APP_TIMEZONE), oldest first, zero-filled. */
  days: z.array(
    z.object({
      date: z.string(),
      posts: z.number().int(),
      likes: z.number().int(),
      comments: z.number().int(),
      story_views: z.number().int(),
      points: z.number().int(),
    }),
  ),
  /** The next five events from now on. */
  upcoming_events: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      start_at: zTimestamp,
      end_at: zTimestamp,
      branch_name: z.string().nullable(),
      event_type_name: z.string(),
      color: z.string(),
    }),
  ),
  /** The top five sellers this month. */
  top_sellers: z.array(ZLeaderboardEntry),
});
export type TDashboardActivity = z.infer<typeof ZDashboardActivity>;
