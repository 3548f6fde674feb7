import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { isInstant, parseDayFirstDateTime } from '../../lib/dates/day-first';

/**
 * Wraps a form's resolver so a DateTimeField whose text did not read as a date (its value is then
 * that text, not an instant) is refused with the field's own Spanish message, instead of the API's
 * "ISO 8601" one or, for an optional date, being saved as no date at all.
 */
export function withDateFields<V extends FieldValues, C, O>(
  resolver: Resolver<V, C, O>,
  fields: readonly (keyof V & string)[],
): Resolver<V, C, O> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const dateErrors: FieldErrors<V> = {};
    for (const field of fields) {
      const value: unknown = values[field];
      if (typeof value !== 'string' || value.trim() === '' || isInstant(value)) continue;
      const parsed = parseDayFirstDateTime(value);
      const message = parsed.kind === 'invalid' ? parsed.message : 'Fecha inválida';
      (dateErrors as Record<string, unknown>)[field] = { type: 'date', message };
    }
    if (Object.keys(dateErrors).length === 0) return result;
    return { values: {}, errors: { ...result.errors, ...dateErrors } } as Awaited<
      ReturnType<Resolver<V, C, O>>
    >;
  };
}
