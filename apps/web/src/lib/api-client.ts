import { clearSession, useAuthStore } from './auth-store';

export const API_BASE = '/api';

/** A non-OK answer: the status, the server's Spanish message and, for invalid input, errors by field. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]> | undefined;
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
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Overrides the stored session's token (the login screen's seller check uses it). */
  token?: string | null;
  /** A 401 here is an answer to show, not an expired session (login). */
  skipSessionCheck?: boolean;
}

let onUnauthorized: () => void = clearSession;

/** Lets the app also clear its caches when the session ends with a 401. The guard then sends the user to /login. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

async function readBody(res: Response): Promise<{ json: unknown; text: string }> {
  const text = await res.text();
  if (!text) return { json: undefined, text };
  try {
    return { json: JSON.parse(text), text };
  } catch {
    return { json: undefined, text };
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, skipSessionCheck = false } = options;
  const token = options.token !== undefined ? options.token : useAuthStore.getState().token;
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let payload: BodyInit | undefined;
  if (body instanceof FormData || body instanceof URLSearchParams) {
    payload = body; // the browser sets the content type (and the multipart boundary)
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  const res = await fetch(buildUrl(path, query), { method, headers, body: payload, signal });

  if (res.status === 204) return undefined as T;
  const { json, text } = await readBody(res);

  if (!res.ok) {
    if (res.status === 401 && !skipSessionCheck) onUnauthorized();
    const serverMessage = isRecord(json) && typeof json.message === 'string' ? json.message : undefined;
    const errors =
      isRecord(json) && isRecord(json.errors) ? (json.errors as Record<string, string[]>) : undefined;
    throw new ApiError(res.status, serverMessage ?? (text.trim() || res.statusText), {
      body: json ?? text,
      errors,
      hasServerMessage: Boolean(serverMessage),
    });
  }
  return (json === undefined ? text : json) as T;
}

/**
 * The text to show for a failed call: the server's message when it sent one, else the screen's
 * Spanish fallback (STYLE.md, Errors). Network failures, raw proxy pages and status texts get the fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.hasServerMessage && error.message ? error.message : fallback;
}
