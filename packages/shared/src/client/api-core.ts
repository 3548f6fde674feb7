/**
 * The core both browser clients share (the panel's `apps/web/src/lib/api-client.ts` and the sellers' app's
 * `apps/community/src/lib/api.ts`; issue 29, section 3): the error a failed call becomes, the URL of a call,
 * the body and headers it sends, the text a screen shows for a failure, and saving a downloaded file
 * (`saveBlob`, save-blob.ts). Each app adds its own session, its own reaction to a 401 and, in the app,
 * the offline bookkeeping.
 *
 * Imported as `@panel/shared/api-core`: it imports nothing (no zod), so the app's first load can carry it.
 */

export { saveBlob } from './save-blob';

export const API_BASE = '/api';

/** A non-OK answer: the status (0 when the network failed), the server's Spanish message, and errors by field. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]> | undefined;
  /** The answer's body: its JSON, else its text. */
  readonly body: unknown;
  /** Whether `message` is the server's own (a JSON `message`) rather than raw text or a status text. */
  readonly hasServerMessage: boolean;

  constructor(
    status: number,
    message: string,
    options: { body?: unknown; errors?: Record<string, string[]>; hasServerMessage?: boolean } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = options.body;
    this.errors = options.errors;
    this.hasServerMessage = options.hasServerMessage ?? false;
  }

  /** The call never got an answer. */
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What `fetch` takes as a body here (the DOM's BodyInit, which this package's Node types do not name). */
export type RequestPayload = FormData | URLSearchParams | Blob | string;

/** `/api<path>?<query>`, leaving out empty values (docs/api-contract.md). */
export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

/** The text of an answer as JSON when it is JSON; undefined otherwise. */
export function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * A non-OK answer as an ApiError: the server's `message` and `errors` when its body has them
 * (docs/product.md#answers-and-errors), else the raw text or the status text, marked as not the server's.
 */
export function apiErrorOf(status: number, statusText: string, json: unknown, text = ''): ApiError {
  const serverMessage = isRecord(json) && typeof json.message === 'string' ? json.message : undefined;
  const errors =
    isRecord(json) && isRecord(json.errors) ? (json.errors as Record<string, string[]>) : undefined;
  return new ApiError(status, serverMessage ?? (text.trim() || statusText), {
    body: json ?? text,
    errors,
    hasServerMessage: Boolean(serverMessage),
  });
}

/**
 * The headers and body of a call: JSON for a value; FormData and URLSearchParams as they are (the
 * browser sets their type and multipart boundary); a Blob with its own type; the bearer token when there is one.
 */
export function requestParts(
  body: unknown,
  token: string | null | undefined,
  extraHeaders?: Record<string, string>,
): { headers: Headers; payload: RequestPayload | undefined } {
  const headers = new Headers({ Accept: 'application/json', ...extraHeaders });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let payload: RequestPayload | undefined;
  if (body instanceof FormData || body instanceof URLSearchParams) {
    payload = body;
  } else if (body instanceof Blob) {
    payload = body;
    if (body.type) headers.set('Content-Type', body.type);
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }
  return { headers, payload };
}

/**
 * The text to show for a failed call: the server's message when it sent one, else the screen's Spanish
 * fallback (docs/product.md#messages). Raw proxy pages and status texts get the fallback.
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.hasServerMessage && error.message ? error.message : fallback;
}
