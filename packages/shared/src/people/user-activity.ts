import { z } from 'zod';
import { zTimestamp } from '../core/common.ts';

export const ACTIVITY_TYPES = ['post', 'like', 'comment', 'survey'] as const;
export const ACTIVITY_PERIODS = ['today', 'last_7_days', 'last_30_days'] as const;
export type TActivityPeriod = (typeof ACTIVITY_PERIODS)[number];

const ZPeriodStats = z.object({
  posts: z.number().int(),
  likes: z.number().int(),
  comments: z.number().int(),
});

/** docs/product.md#the-panels-screens: "User activity response (inside data)". */
export const ZUserActivity = z.object({
  user: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    total_points: z.number().int(),
  }),
  summary: z.object({
    total_posts: z.number().int(),
    total_likes: z.number().int(),
    total_comments: z.number().int(),
    total_surveys: z.number().int(),
  }),
  period_stats: z.object({ today: ZPeriodStats, last_7_days: ZPeriodStats, last_30_days: ZPeriodStats }),
  recent_activity: z.array(
    z.object({
      type: z.enum(ACTIVITY_TYPES),
      action: z.string(),
      details: z.string().nullable(),
      date: zTimestamp,
    }),
  ),
});
export type TUserActivity = z.infer<typeof ZUserActivity>;

/** The newest entries `recent_activity` holds, across every kind. */
export const RECENT_ACTIVITY_LIMIT = 20;
