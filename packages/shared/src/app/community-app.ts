import { z } from 'zod';
import { makeListQuery, zTimestamp } from '../core/common.ts';

/** Texts of the community-app API (/api/app/*), DECISIONS §5. */
export const APP_MSG = {
  postNotFound: 'La publicación no existe',
  storyNotFound: 'La historia no existe o ya no está activa',
  commentRequired: 'El comentario es obligatorio',
  commentTooLong: 'El comentario no puede superar los 1000 caracteres',
  invalidCursor: 'El cursor de paginación no es válido',
} as const;

export const APP_FEED_PER_PAGE = 20;

/** Keyset paging of the feed: `cursor` is the `next_cursor` of the previous page. */
export const ZAppFeedQuery = z.object({
  cursor: z.string().trim().max(200).optional(),
  per_page: z.coerce.number().int().min(1).max(50).default(APP_FEED_PER_PAGE),
});
export type TAppFeedQuery = z.input<typeof ZAppFeedQuery>;

export const ZAppImage = z.object({ id: z.number().int(), url: z.string(), thumb_url: z.string() });

export const ZAppPost = z.object({
  id: z.number().int(),
  content: z.string(),
  user_name: z.string(),
  user_avatar: z.string().nullable(),
  /** null: a post for every branch. */
  branch_id: z.number().int().nullable(),
  branch_name: z.string().nullable(),
  images: z.array(ZAppImage),
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  liked_by_me: z.boolean(),
  created_at: zTimestamp,
});
export type TAppPost = z.infer<typeof ZAppPost>;

export const ZAppFeed = z.object({
  data: z.array(ZAppPost),
  meta: z.object({ per_page: z.number().int(), next_cursor: z.string().nullable() }),
});

export const ZAppLike = z.object({
  data: z.object({
    liked: z.boolean(),
    likes_count: z.number().int(),
    /** Points this call earned (0 when a rule refused them or nothing was awarded). */
    points_awarded: z.number().int(),
  }),
});

export const ZAppCommentInput = z.object({
  content: z
    .string({ error: APP_MSG.commentRequired })
    .trim()
    .min(1, APP_MSG.commentRequired)
    .max(1000, APP_MSG.commentTooLong),
});
export type TAppCommentInput = z.input<typeof ZAppCommentInput>;

export const ZAppComment = z.object({
  data: z.object({
    id: z.number().int(),
    post_id: z.number().int(),
    content: z.string(),
    user_name: z.string(),
    created_at: zTimestamp,
    points_awarded: z.number().int(),
  }),
});

export const ZAppPageQuery = makeListQuery(['created_at'] as const)
  .omit({ q: true, sort: true })
  .extend({
    per_page: z.coerce.number().int().min(1).max(100).default(20),
  });

export const ZAppStory = z.object({
  id: z.number().int(),
  title: z.string(),
  image_url: z.string(),
  thumb_url: z.string().nullable(),
  user_name: z.string(),
  branch_id: z.number().int().nullable(),
  branch_name: z.string().nullable(),
  created_at: zTimestamp,
  starts_at: zTimestamp.nullable(),
  expires_at: zTimestamp,
  viewed_by_me: z.boolean(),
});
export type TAppStory = z.infer<typeof ZAppStory>;

export const ZAppStoryView = z.object({
  data: z.object({
    story_id: z.number().int(),
    /** The first view's time: later views keep it. */
    viewed_at: zTimestamp,
    points_awarded: z.number().int(),
  }),
});

export const ZAppNotification = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  branch_id: z.number().int().nullable(),
  type: z.object({ id: z.number().int(), name: z.string(), color: z.string(), icon: z.string() }),
  created_at: zTimestamp,
});
export type TAppNotification = z.infer<typeof ZAppNotification>;

export const APP_EVENT_PERIODS = ['upcoming', 'past', 'all'] as const;

export const ZAppEventsQuery = ZAppPageQuery.extend({
  /** upcoming (default): not ended yet, soonest first; past: ended, latest first; all: latest first. */
  period: z.enum(APP_EVENT_PERIODS).default('upcoming'),
});

export const ZAppEvent = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  branch_id: z.number().int().nullable(),
  type: z.object({ id: z.number().int(), name: z.string(), color: z.string() }),
  start_at: zTimestamp,
  end_at: zTimestamp,
});
export type TAppEvent = z.infer<typeof ZAppEvent>;

export const ZAppTransaction = z.object({
  id: z.number().int(),
  points: z.number().int(),
  description: z.string().nullable(),
  action: z.object({ key: z.string(), name: z.string() }).nullable(),
  reference_type: z.string().nullable(),
  reference_id: z.string().nullable(),
  created_at: zTimestamp,
});

export const ZAppMyPoints = z.object({
  data: z.object({
    total_points: z.number().int(),
    month_points: z.number().int(),
    /** Standard competition ranking among sellers this month (business time zone); null without points. */
    rank: z.number().int().nullable(),
    ranked_sellers: z.number().int(),
    recent_transactions: z.array(ZAppTransaction),
  }),
});
export type TAppMyPoints = z.infer<typeof ZAppMyPoints>['data'];
