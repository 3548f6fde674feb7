import {
  ApiError,
  apiErrorOf,
  buildUrl,
  type HttpMethod,
  parseJson,
  type QueryValue,
  requestParts,
  serverMessageOr,
} from '@panel/shared/api-core';
import { takeEarly, takeEarlyRead } from './early';
import { reportNetworkFailure, reportResponse } from './online';
import { getSession, signOut } from './session';

export { API_BASE, ApiError, buildUrl, parseJson, saveBlob } from '@panel/shared/api-core';

export const NETWORK_ERROR = 'Sin conexión. Revisá tu conexión a internet.';

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Overrides the session's token (the sign-in screen checks a new token before keeping it). */
  token?: string | null;
  /** A 401 here is an answer to show (sign-in, wrong current password), not an ended session. */
  skipSessionCheck?: boolean;
}

/** A non-OK answer as an ApiError; a 401 also ends the session (the sign-in screen then says it expired). */
export function toApiError(status: number, statusText: string, json: unknown, skipSessionCheck = false) {
  if (status === 401 && !skipSessionCheck && getSession()) signOut({ expired: true });
  return apiErrorOf(status, statusText, json);
}

/**
 * GET calls answered before a service worker controlled the page (a first visit): they went around it,
 * so none was saved for offline reading. Once it controls the page they are sent again through it
 * (`saveUncontrolledCalls`), and the screen is left as it is: nothing refetches or renders again.
 */
const uncontrolled = new Map<string, string | null>();
const MAX_UNCONTROLLED = 50;

function rememberIfUncontrolled(url: string, token: string | null) {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (navigator.serviceWorker.controller || uncontrolled.size >= MAX_UNCONTROLLED) return;
  uncontrolled.set(url, token);
}

/** Sends the first visit's GET calls again through the service worker, which saves their answers. */
export async function saveUncontrolledCalls(): Promise<void> {
  const calls = [...uncontrolled];
  uncontrolled.clear();
  const current = getSession()?.token ?? null;
  await Promise.all(
    calls
      // Another seller signed in meanwhile: the previous one's answers are not saved.
      .filter(([, token]) => token === current)
      .map(([url, token]) =>
        fetch(url, {
          headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          credentials: 'same-origin',
        })
          .then((res) => res.arrayBuffer())
          .catch(() => undefined),
      ),
  );
}

/**
 * A GET call's answer that boot.ts has already received and read, taken once (its bookkeeping done as
 * `apiRequest` does it); undefined when there is none yet.
 */
export function takeEarlyAnswer<T>(path: string, query?: Record<string, QueryValue>): T | undefined {
  const token = getSession()?.token ?? null;
  const url = buildUrl(path, query);
  const read = takeEarlyRead(url, token);
  if (!read) return undefined;
  rememberIfUncontrolled(url, token);
  reportResponse(read.response);
  return read.data as T;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, skipSessionCheck = false } = options;
  const token = options.token !== undefined ? options.token : (getSession()?.token ?? null);
  const { headers, payload } = requestParts(body, token, options.headers);
  const url = buildUrl(path, query);
  if (method === 'GET') rememberIfUncontrolled(url, token);
  let res: Response;
  try {
    // Inicio's first calls may already have been sent by boot.ts while the app loaded.
    // same-origin: the sign-in's device cookie (HttpOnly, path /api/login) travels with it.
    res = await ((method === 'GET' && !options.headers ? takeEarly(url, token) : undefined) ??
      fetch(url, { method, headers, body: payload, signal, credentials: 'same-origin' }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    reportNetworkFailure();
    throw new ApiError(0, NETWORK_ERROR);
  }
  reportResponse(res);
  const text = await res.text().catch(() => '');
  const json = parseJson(text);
  if (!res.ok) throw toApiError(res.status, res.statusText, json, skipSessionCheck);
  return (json ?? undefined) as T;
}

/** The text to show for a failed call: the server's message when it sent one, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.isNetwork) return NETWORK_ERROR;
  return serverMessageOr(error, fallback);
}
