import { z } from 'zod';
import { outOfDateRange, withinDateRange } from '../core/common.ts';
import { registerMessages } from '../core/human-messages.ts';

/**
 * Scheduled publishing (docs/product.md#scheduled-publishing): a post or a notification with a
 * `publish_at` in the future is "Programada" until then, invisible to sellers; absent means now.
 */
export const SCHEDULE_MSG = registerMessages({
  publishAtInvalid:
    'La fecha de publicación debe ser un instante ISO 8601, por ejemplo 2026-12-08T11:00:00.000Z',
  publishAtOutOfRange: outOfDateRange('La fecha de publicación'),
  publishAtPast: 'La fecha de publicación debe ser posterior a este momento',
  publishAtRequired: 'Elegí la fecha de publicación',
  alreadyPublished: 'Ya se publicó: la fecha de publicación no se puede cambiar',
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

/** A publication time the server takes: strictly after `now` (the form checks with the browser's clock). */
export function isFuturePublishAt(publishAt: string, now: Date): boolean {
  return Date.parse(publishAt) > now.getTime();
}
