import { z } from 'zod';
import { MAX_PER_PAGE, outOfDateRange, withinDateRange, zInt, zTimestamp } from '../core/common.ts';
import { registerMessages } from '../core/human-messages.ts';
import { EVENT_MSG, zQueryInstant } from './events.ts';

/**
 * Scheduled publishing (docs/product.md#scheduled-publishing): a post, a notification, a story or a
 * survey with a `publish_at` in the future is "Programada" until then, invisible to sellers; absent means now.
 */
export const SCHEDULE_MSG = registerMessages({
  publishAtInvalid:
    'La fecha de publicación debe ser un instante ISO 8601, por ejemplo 2026-12-08T11:00:00.000Z',
  publishAtOutOfRange: outOfDateRange('La fecha de publicación'),
  publishAtPast: 'La fecha de publicación debe ser posterior a este momento',
  publishAtRequired: 'Elegí la fecha de publicación',
  alreadyPublished: 'Ya se publicó: la fecha de publicación no se puede cambiar',
  listError: 'Error al cargar las publicaciones programadas',
});

/**
 * `publish_at`: an ISO 8601 instant (with `Z` or an offset) within the years 2000–2100, trimmed;
 * absent, null or blank = now (undefined). Whether it is still in the future is checked against the
 * server's clock (isFuturePublishAt), which a schema shared with the panel cannot know.
 */
export const zPublishAt = z.preprocess(
  (v) => (v === null || v === '' ? undefined : typeof v === 'string' ? v.trim() || undefined : v),
  withinDateRange(
    z.iso.datetime({ offset: true, error: SCHEDULE_MSG.publishAtInvalid }),
    SCHEDULE_MSG.publishAtOutOfRange,
  ).optional(),
);

/**
 * PUT /api/posts/{id}/publication and /api/stories/{id}/publication: a scheduled record moved to
 * another future `publish_at`, or, without one, published now (posts and stories have no other edit;
 * a notification's and a survey's PUT do the same with their time).
 */
export const ZPublication = z.object({ publish_at: zPublishAt });
export type TPublication = z.input<typeof ZPublication>;

/** A publication time the server takes: strictly after `now` (the form checks with the browser's clock). */
export function isFuturePublishAt(publishAt: string, now: Date): boolean {
  return Date.parse(publishAt) > now.getTime();
}

/** The kinds the Calendario shows beside the events (docs/product.md#calendar). */
export const SCHEDULED_ITEM_KINDS = ['post', 'notification', 'story', 'survey'] as const;
export type TScheduledItemKind = (typeof SCHEDULED_ITEM_KINDS)[number];
export const SCHEDULED_ITEM_LABELS: Record<TScheduledItemKind, string> = {
  post: 'Publicación programada',
  notification: 'Notificación programada',
  story: 'Historia programada',
  survey: 'Encuesta programada',
};

/** A post, a notification, a story or a survey waiting for its time, as the Calendario shows it. */
export const ZScheduledItem = z.object({
  kind: z.enum(SCHEDULED_ITEM_KINDS),
  id: z.number().int(),
  /** A notification's, a story's or a survey's title; a post's first line, up to 120 characters. */
  title: z.string(),
  publish_at: zTimestamp,
  /** null: every branch. */
  branch_id: z.number().int().nullable(),
  branch_name: z.string().nullable(),
  /** A notification marked "Urgente" (posts: false). */
  urgent: z.boolean(),
});
export type TScheduledItem = z.infer<typeof ZScheduledItem>;

/**
 * GET /api/scheduled: the items to be published in [from, to) (a calendar's weeks), in time order, a
 * page at a time. Without `from`: from now; without `to`: the SCHEDULED_DEFAULT_DAYS after `from`.
 */
export const SCHEDULED_DEFAULT_DAYS = 42;
export const ZScheduledListQuery = z
  .object({
    page: zInt({ min: 1 }).default(1),
    per_page: zInt({ min: 1, max: MAX_PER_PAGE }).default(MAX_PER_PAGE),
    from: zQueryInstant(EVENT_MSG.fromOutOfRange),
    to: zQueryInstant(EVENT_MSG.toOutOfRange),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.to) > Date.parse(q.from), {
    path: ['to'],
    error: EVENT_MSG.rangeInvalid,
  });
export type TScheduledListQuery = z.input<typeof ZScheduledListQuery>;
