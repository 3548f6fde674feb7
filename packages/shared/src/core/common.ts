import { z } from 'zod';
import { registerMessages } from './human-messages.ts';

/** The largest integer PostgreSQL's `integer` (int4) holds: every id and count column. */
export const INT4_MAX = 2_147_483_647;

/**
 * Forms and query strings carry numbers as text. Only a plain decimal string becomes a number:
 * `"0x10"`, `"1e3"`, `" 7"`, `""`, `true` and `[3]` stay what they are and fail `z.number()`,
 * and a JSON number stays a number. This is the one place numbers are coerced.
 */
export function decimalToNumber(value: unknown): unknown {
  return typeof value === 'string' && /^-?\d{1,16}$/.test(value) ? Number(value) : value;
}

/** A number schema that also takes a decimal string (forms, query strings), and nothing looser. */
export function zDecimal<T extends z.ZodType<number>>(schema: T) {
  return z.preprocess(decimalToNumber, schema);
}

/** Said of a number beyond what its column holds (PostgreSQL `integer`). */
export const INT4_TOO_LARGE = 'El número no puede superar 2.147.483.647';

/**
 * An integer in [min, max] (default: 0 to INT4_MAX, what an `integer` column holds), as a JSON
 * number only (bodies: no coercion). The bounds are checks, so the OpenAPI document states them
 * (`minimum`, `maximum`) and a value beyond them is a 400 naming the field, never the database's
 * generic refusal. `message` is said of anything else; over INT4_MAX the message is `tooLarge`
 * (default INT4_TOO_LARGE) unless `message` is given for that too.
 */
export function zInt32(options: { min?: number; max?: number; message?: string; tooLarge?: string } = {}) {
  const {
    min = 0,
    max = INT4_MAX,
    message,
    tooLarge = max === INT4_MAX ? INT4_TOO_LARGE : message,
  } = options;
  return z
    .number(message ? { error: message } : undefined)
    .int(message)
    .min(min, message)
    .max(max, tooLarge);
}

/** A record's id in a body: an integer from 1 to INT4_MAX. */
export const zId = (message?: string) => zInt32({ min: 1, message });

/** An integer in [min, max] (default: within int4), from a number or a decimal string. */
export function zInt(options: { min?: number; max?: number; message?: string } = {}) {
  const { message } = options;
  return zDecimal(zInt32({ ...options, tooLarge: message }));
}

/**
 * One of a few numbers (a page size, a top N), from a number or a decimal string; one message for
 * any other value. The OpenAPI document lists them (`enum`: a refine is invisible there); min/max
 * abort first, so a value out of bounds gets the message once.
 */
export const zOneOf = <const T extends readonly number[]>(values: T, message: string) =>
  zDecimal(
    z
      .number({ error: message })
      .min(Math.min(...values), { error: message, abort: true })
      .max(Math.max(...values), { error: message, abort: true }),
  )
    .refine((n) => (values as readonly number[]).includes(n), message)
    .meta({ enum: [...values] }) as unknown as z.ZodType<T[number], unknown>;

export const FIELD_REQUIRED = 'Este campo es obligatorio al modificar';
/** A PUT that sends a required field as null or blank (spaces, tab, NBSP, U+3000…). */
export const FIELD_BLANK = 'Este campo es obligatorio al modificar y no puede ir vacío ni en null';

/**
 * PUT replaces a record: a field whose absence would mean a default on create (a type, a branch,
 * points, limits, a colour) must be sent, so a forgotten field never resets the record silently.
 * Null or blank is not "missing" either: `presentOnPut` (applied by the API to every PUT body)
 * refuses them, unless the field says that empty is one of its values (`emptyMeans`).
 * Only routes that say so are PATCH-like.
 */
export function requiredOnPut<S extends z.ZodRawShape, K extends keyof S & string>(
  schema: z.ZodObject<S>,
  keys: readonly K[],
) {
  const required = Object.fromEntries(
    keys.map((key) => [
      key,
      z.preprocess((value, ctx) => {
        if (value === undefined) ctx.addIssue({ code: 'custom', message: FIELD_REQUIRED, input: value });
        return value;
      }, schema.shape[key] as z.ZodType),
    ]),
  ) as unknown as { [P in K]: S[P] };
  return schema.extend(required);
}

/**
 * Blank: null, or text of nothing but white space (every Unicode space: tab, NBSP U+00A0,
 * U+3000, line and paragraph separators, BOM) and characters that show nothing: Unicode's
 * default-ignorable ones (zero-width space and joiners, word joiner, soft hyphen, direction marks
 * U+200E/U+200F, the Hangul fillers U+3164 and U+FFA0, the combining grapheme joiner U+034F, tags
 * such as U+E0020, variation selectors) and the blank Braille pattern U+2800 (issue 28, item 10).
 */
const BLANK_TEXT = /^[\s\p{Default_Ignorable_Code_Point}\u2800]*$/u;

export function isBlank(value: unknown): boolean {
  return value === null || (typeof value === 'string' && BLANK_TEXT.test(value));
}

/**
 * A required text's (a name's, a title's) check after its `min(1)`: made only of characters that
 * show nothing, it is refused with the same message as an empty one (issue 28, item 10). Empty
 * passes here, so that its `min(1)` alone says so.
 */
export const hasVisibleText = (value: string) => value === '' || !isBlank(value);

/** Fields whose empty value (null, or '' from a form) is a value of its own, such as "sin límite". */
const emptyValues = z.registry<{ emptyMeans: string }>();

/** Marks a field whose null or '' is a value of its own ("sin límite", "todas las sucursales"). */
export function emptyMeans<T extends z.ZodType>(schema: T, meaning: string): T {
  emptyValues.add(schema, { emptyMeans: meaning });
  return schema;
}

type Def = { type?: string; in?: z.ZodType; out?: z.ZodType; innerType?: z.ZodType; schema?: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema and the ones it wraps (preprocess, pipes, defaults, optional), a few levels deep. */
function* layers(schema: z.ZodType, depth = 0): Generator<z.ZodType> {
  yield schema;
  if (depth >= 6) return;
  const def = defOf(schema);
  for (const inner of [def.in, def.out, def.innerType, def.schema])
    if (inner) yield* layers(inner, depth + 1);
}

/** The object shape of a body schema, through refinements, preprocess and pipes. */
function objectShape(schema: z.ZodType): Record<string, z.ZodType> | null {
  for (const layer of layers(schema)) if (layer instanceof z.ZodObject) return layer.shape;
  return null;
}

const presentChecked = new WeakSet<z.ZodType>();

/**
 * A PUT body's rule, applied once by the API to every PUT (and POST with `_method=PUT`): a field
 * that must be sent (its schema refuses it absent) must also carry a value. Null or blank text
 * that the field would otherwise take as its default (the event's "every branch", type 1, colour
 * #FF0000, 10 points) is a 400 naming the field. A field whose schema refuses null or blank keeps
 * its own message; fields marked with `emptyMeans` keep their empty value.
 */
export function presentOnPut<T extends z.ZodType>(schema: T): z.ZodType<z.output<T>, z.input<T>> {
  const same = schema as unknown as z.ZodType<z.output<T>, z.input<T>>;
  if (presentChecked.has(schema)) return same;
  const shape = objectShape(schema);
  if (!shape) return same;
  const guarded = Object.entries(shape).filter(
    ([, field]) =>
      !field.safeParse(undefined).success && ![...layers(field)].some((layer) => emptyValues.has(layer)),
  );
  if (guarded.length === 0) return same;
  const wrapped = z.preprocess((value, ctx) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    for (const [key, field] of guarded) {
      const sent = (value as Record<string, unknown>)[key];
      if (sent !== undefined && isBlank(sent) && field.safeParse(sent).success) {
        ctx.addIssue({ code: 'custom', path: [key], message: FIELD_BLANK, input: sent });
      }
    }
    return value;
  }, schema);
  presentChecked.add(wrapped);
  return wrapped as unknown as z.ZodType<z.output<T>, z.input<T>>;
}

/** Path parameter `{id}`: a positive integer within int4, written in decimal. */
export const ZIdParam = z.object({ id: zInt({ min: 1 }) });
export type TIdParam = z.infer<typeof ZIdParam>;

export const PER_PAGE_OPTIONS = [5, 10, 20, 50, 100] as const;
/** A list call without `per_page` answers this many rows (the API's default). */
export const DEFAULT_PER_PAGE = 5;
/**
 * The panel's lists open with this many rows, until the administrator picks another size for a list,
 * which that browser remembers for it (docs/product.md#lists).
 */
export const PANEL_DEFAULT_PER_PAGE = 10;
export const MAX_PER_PAGE = 100;
/** The longest search text (`q`) any list accepts. */
export const MAX_QUERY_TEXT = 200;

/**
 * Query of every list that can grow (docs/product.md#lists-and-query-parameters): page, per_page, q, sort.
 * `sort` is a column name, with a leading `-` for descending order, and only the
 * columns a resource allows are accepted.
 */
export const CURSOR_INVALID = 'El cursor de paginación no es válido';
/** What a keyset position is made of (base64url, apps/api/src/lib/keyset.ts); the document's pattern. */
export const CURSOR_PATTERN = /^[A-Za-z0-9_-]*$/;

/** An opaque keyset position (meta.next_cursor of the previous page). */
export const zCursor = () =>
  z.string().min(1, CURSOR_INVALID).max(200, CURSOR_INVALID).regex(CURSOR_PATTERN, CURSOR_INVALID).optional();

export function makeListQuery<const S extends readonly [string, ...string[]]>(sortable: S) {
  const sortValues = sortable.flatMap((s) => [s, `-${s}`]) as [string, ...string[]];
  return z.object({
    page: zInt({ min: 1 }).default(1),
    per_page: zInt({ min: 1, max: MAX_PER_PAGE }).default(DEFAULT_PER_PAGE),
    q: zQueryText(MAX_QUERY_TEXT),
    sort: z.enum(sortValues).optional(),
  });
}

export const ZListMeta = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
  /**
   * Lists that page by keyset (posts, point transactions, in their default order): pass it back as
   * `cursor` for the rows after this page, whatever its depth (null: no more rows).
   */
  next_cursor: z.string().nullable().optional(),
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
  /** A machine-readable reason, when the client acts on it: `mfa_setup_required` (403). */
  code: z.string().optional(),
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

export const URL_MSG = registerMessages({
  httpOnly: 'La dirección debe empezar con http:// o https://',
});

/**
 * A URL the panel shows or links to: only http(s), or a path on this server ("/api/files/…").
 * Browsers drop tabs and line breaks anywhere in a URL before reading it, so `/\t/evil.example/a.png`
 * is `//evil.example/a.png`, another host: a control character anywhere is refused, and so is a
 * path that starts with two slashes or a backslash (protocol-relative).
 */
export function isDisplayUrl(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The document's side of isDisplayUrl: empty, `http:`/`https:` (any case), or a path that does not
 * start with `//` or `/\`. isDisplayUrl then refuses control characters and unreadable URLs.
 */
export const DISPLAY_URL_PATTERN = /^\s*(?:$|[hH][tT][tT][pP][sS]?:|\/(?:$|[^/\\]))/;

/** Optional URL stored for display (avatars, links): `javascript:`, `data:` and the like are refused. */
export const zOptionalDisplayUrl = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(DISPLAY_URL_PATTERN, URL_MSG.httpOnly)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isDisplayUrl(v), URL_MSG.httpOnly);

/** Text in a query string (a search, a key): trimmed, and empty becomes absent; no NUL bytes. */
export function zQueryText(max: number, message?: string) {
  return z
    .string()
    .trim()
    .max(max, message)
    .regex(NO_NUL_PATTERN, message ?? MSG_NO_NUL)
    .optional()
    .transform((v) => (v ? v : undefined));
}

/** `true`/`false`/`1`/`0` in query strings. */
export const zQueryBool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

export const MSG_NO_NUL = 'El texto contiene caracteres no permitidos';
/** Text without NUL (PostgreSQL text cannot hold it); the document's pattern. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing it is the point
export const NO_NUL_PATTERN = /^[^\u0000]*$/;

/**
 * The dates a record may carry (events, stories, surveys; the years of volumes and units too):
 * years 2000 to 2100. Wider dates only make work: an event from year 1 to 9999 took the `.ics`
 * 13.5 s of one thread (issue 20, item 3).
 */
export const DATE_MIN_YEAR = 2000;
export const DATE_MAX_YEAR = 2100;
const RANGE_START = Date.UTC(DATE_MIN_YEAR, 0, 1);
const RANGE_END = Date.UTC(DATE_MAX_YEAR + 1, 0, 1);

/**
 * An ISO instant within the years DATE_MIN_YEAR to DATE_MAX_YEAR (UTC). Text that is no date at all
 * passes: its format check says what is wrong, once.
 */
export function isInDateRange(iso: string): boolean {
  const t = Date.parse(iso);
  return Number.isNaN(t) || (t >= RANGE_START && t < RANGE_END);
}

/**
 * The document's side of isInDateRange: text that starts with a year (`YYYY-`) outside
 * DATE_MIN_YEAR–DATE_MAX_YEAR is refused; text that is no date passes (its format check says
 * so). No lookahead, so generators such as fast-check can read it. The bounds are UTC, so an
 * offset can still carry a date across a bound: isInDateRange then refuses it too, with the same
 * message.
 */
export const DATE_RANGE_YEAR_PATTERN = /^(?:(?:20\d{2}|2100)-|\d{0,3}(?:$|\D)|\d{4}(?:$|[^-]))/;

/** An ISO instant schema within the years 2000–2100: the pattern in the document, then the exact UTC check. */
export const withinDateRange = (schema: z.ZodISODateTime, message: string) =>
  schema.regex(DATE_RANGE_YEAR_PATTERN, { error: message, abort: true }).refine(isInDateRange, message);

/** "La fecha de inicio debe estar entre los años 2000 y 2100". */
export const outOfDateRange = (field: string) =>
  `${field} debe estar entre los años ${DATE_MIN_YEAR} y ${DATE_MAX_YEAR}`;

/** Timestamps travel as ISO 8601 instants (UTC). */
export const zTimestamp = z.string();

/**
 * A record's version (docs/decisions/2026-11-26-record-versions.md): 1 when created, one more with
 * every change. The answer of one record also carries it as its `ETag` (`"3"`); a write that sends
 * `If-Match: "3"` is refused with 412 when the record changed since.
 */
export const zVersion = z
  .number()
  .int()
  .min(1)
  .describe('Versión del registro: sube con cada cambio. Enviala en `If-Match` (`"3"`) al modificarlo.');
