import { z } from 'zod';

/** Path parameter `{id}`: a positive integer. */
export const ZIdParam = z.object({ id: z.coerce.number().int().positive() });
export type TIdParam = z.infer<typeof ZIdParam>;

export const PER_PAGE_OPTIONS = [5, 10, 20, 50, 100] as const;
export const DEFAULT_PER_PAGE = 5;
export const MAX_PER_PAGE = 100;

/**
 * Query of every list that can grow (DECISIONS §4): page, per_page, q, sort.
 * `sort` is a column name, with a leading `-` for descending order, and only the
 * columns a resource allows are accepted.
 */
export function makeListQuery<const S extends readonly [string, ...string[]]>(sortable: S) {
  const sortValues = sortable.flatMap((s) => [s, `-${s}`]) as [string, ...string[]];
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
    q: zQueryText(200),
    sort: z.enum(sortValues).optional(),
  });
}

export const ZListMeta = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});
export type TListMeta = z.infer<typeof ZListMeta>;

/** `{data, meta}`: the envelope of every paged list. */
export function makeListResponse<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: ZListMeta });
}
export type TListResponse<T> = { data: T[]; meta: TListMeta };

/** `{data}`: the envelope of a single record. */
export function makeItemResponse<T extends z.ZodType>(item: T) {
  return z.object({ data: item });
}

/**
 * Every error the API sends: a Spanish `message` for people, and for invalid input
 * `errors` keyed by field (dotted path) with its messages.
 */
export const ZErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

export const ZMessage = z.object({ message: z.string() });

/** Optional text: trimmed, and empty becomes null. */
export const zOptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** Text in a query string (a search, a key): trimmed, and empty becomes absent. */
export function zQueryText(max: number, message?: string) {
  return z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : undefined));
}

/** `true`/`false`/`1`/`0` in query strings. */
export const zQueryBool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** Timestamps travel as ISO 8601 instants (UTC). */
export const zTimestamp = z.string();
