import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';

/**
 * Puts the server's per-field messages (the `errors` of a 400, keyed by the body's field names,
 * "questions.0.options" for nested ones) under the matching inputs. A name the form does not show
 * changes nothing on screen; the error toast still says what went wrong.
 */
export function setServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
): void {
  if (!(error instanceof ApiError) || !error.errors) return;
  for (const [field, messages] of Object.entries(error.errors)) {
    const message = messages?.[0];
    if (field && message) setError(field as Path<T>, { type: 'server', message });
  }
}
