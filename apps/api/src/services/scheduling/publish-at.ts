import { isFuturePublishAt, SCHEDULE_MSG } from '@panel/shared';
import { fieldError } from '../../lib/http-errors.ts';

/**
 * A body's `publish_at` as the time to publish at: null when absent (now), else it must be after the
 * server's `now` (400 naming "La fecha de publicación"). The format was checked by the shared schema.
 */
export function publishAtFrom(publishAt: string | undefined, now: Date): Date | null {
  if (publishAt === undefined) return null;
  if (!isFuturePublishAt(publishAt, now)) throw fieldError('publish_at', SCHEDULE_MSG.publishAtPast);
  return new Date(publishAt);
}
