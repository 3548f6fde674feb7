import { Readable } from 'node:stream';
import { CSV_ALWAYS_QUOTE } from '@panel/shared';
import { stringify } from 'csv-stringify';

/** A cell starting with one of these would run as a formula in Excel (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text cells get a leading `'` when they could start a formula; numbers are left alone. */
export function csvSafe(value: string | number | null | undefined): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * Exports open as columns in Excel es-AR: UTF-8 with a BOM, `;` separated, CRLF lines (docs/product.md#stack).
 * A cell with a CR, a LF, a `;` or a `"` is always quoted: the library only quotes the record
 * delimiter (CRLF), so a bare LF would split a row and let its second half start a formula. The
 * formula prefix (csvSafe) goes on first, and the quoting wraps it.
 */
export function csvStringifier(header: string[]) {
  return stringify({
    bom: true,
    delimiter: ';',
    header: true,
    columns: header,
    record_delimiter: 'windows',
    quoted_match: CSV_ALWAYS_QUOTE,
  });
}

/**
 * A CSV download as a stream, started only once its first row (or its end) has been read: a
 * filter the database refuses fails here, before any header is sent, and the central error
 * handler answers 400 instead of a 200 that dies half-way.
 */
export async function csvDownload(header: string[], rows: AsyncIterable<unknown[]>): Promise<Readable> {
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  const csv = csvStringifier(header);
  const source = Readable.from(
    (async function* () {
      if (first.done) return;
      yield first.value;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    })(),
  );
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}

/**
 * Lets the event loop turn (timers, sockets, other requests) before an export reads its next batch:
 * on PGlite the queries run on the server's own thread, so without it a whole export was one block
 * (issue 28, item 9).
 */
export const turnEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One formatter per time zone: building an Intl.DateTimeFormat costs about 0.2 ms, and building
 * one per row held the event loop 420 ms for a 2,000-row export (issue 28, item 9).
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('es-AR', {
      timeZone,
      hourCycle: 'h23',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    dateTimeFormats.set(timeZone, format);
  }
  return format;
}

/** "09/03/2026 00:00" in the business time zone. */
export function csvDateTime(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    dateTimeFormat(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}
