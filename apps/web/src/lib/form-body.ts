/**
 * A form body (application/x-www-form-urlencoded), as the spec's calls send notifications, events
 * and their types (§7). `update` adds `_method=PUT`, for `POST /{resource}/{id}` (docs/product.md#form-bodies-and-method-override).
 */
export function toFormBody(
  values: Record<string, string | number | boolean | readonly (string | number)[] | null | undefined>,
  options: { update?: boolean } = {},
): URLSearchParams {
  const body = new URLSearchParams();
  if (options.update) body.set('_method', 'PUT');
  for (const [key, value] of Object.entries(values)) {
    // A list is the field repeated; an empty one is the field empty (an event type's reminders: none).
    if (Array.isArray(value) && value.length > 0) for (const item of value) body.append(key, String(item));
    else body.set(key, value === null || value === undefined || Array.isArray(value) ? '' : String(value));
  }
  return body;
}
