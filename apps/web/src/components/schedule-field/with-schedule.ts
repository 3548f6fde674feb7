import { isFuturePublishAt, SCHEDULE_MSG } from '@panel/shared';
import type { FieldValues, Resolver } from 'react-hook-form';
import { isInstant } from '../../lib/dates/day-first';

/** A form with "Programar": the checkbox and the publication time (DateTimeField). */
export interface ScheduleValues {
  schedule: boolean;
  publish_at: string | null;
}

/**
 * Wraps a form's resolver for "Programar" (docs/product.md#scheduled-publishing): unticked, no
 * `publish_at` is sent (published now); ticked, the time is required and must be in the future
 * (the server checks again with its own clock). `now` is the browser's clock.
 */
export function withSchedule<V extends FieldValues & ScheduleValues, C, O>(
  resolver: Resolver<V, C, O>,
  now: () => Date = () => new Date(),
): Resolver<V, C, O> {
  return async (values, context, options) => {
    const { schedule, publish_at, ...rest } = values;
    const sent = { ...rest, ...(schedule && publish_at ? { publish_at } : {}) } as unknown as V;
    const result = await resolver(sent, context, options);
    let message: string | null = null;
    if (schedule && !publish_at) message = SCHEDULE_MSG.publishAtRequired;
    else if (schedule && publish_at && isInstant(publish_at) && !isFuturePublishAt(publish_at, now()))
      message = SCHEDULE_MSG.publishAtPast;
    if (!message) return result;
    return {
      values: {},
      errors: { ...result.errors, publish_at: { type: 'schedule', message } },
    } as Awaited<ReturnType<Resolver<V, C, O>>>;
  };
}
