/** A Postgres array literal of integer ids, for `= ANY(${intArray(ids)}::int[])` (one parameter, whatever the count). */
export const intArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
