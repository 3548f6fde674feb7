import { takeEarly, takeEarlyRead } from './early';
import { reportNetworkFailure, reportResponse } from './online';
import { getSession, signOut } from './session';

export const API_BASE = '/api';

/** A failed call: the status (0 when the network failed) and the server's Spanish message when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly hasServerMessage: boolean;
  readonly errors: Record<string, string[]> | undefined;

  constructor(
    status: number,
    message: string,
    options: { hasServerMessage?: boolean; errors?: Record<string, string[]> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.hasServerMessage = options.hasServerMessage ?? false;
    this.errors = options.errors;
  }

  get isNetwork(): boolean {
    return this.status === 0;
  }
}

export const NETWORK_ERROR = 'Sin conexión. Revisá tu conexión a internet.';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Overrides the session's token (the sign-in screen checks a new token before keeping it). */
  token?: string | null;
  /** A 401 here is an answer to show (sign-in, wrong current password), not an ended session. */
  skipSessionCheck?: boolean;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A non-OK answer as an ApiError; a 401 also ends the session (the sign-in screen then says it expired). */
export function toApiError(status: number, statusText: string, json: unknown, skipSessionCheck = false) {
  if (status === 401 && !skipSessionCheck && getSession()) signOut({ expired: true });
  const message = isRecord(json) && typeof json.message === 'string' ? json.message : undefined;
  const errors =
    isRecord(json) && isRecord(json.errors) ? (json.errors as Record<string, string[]>) : undefined;
  return new ApiError(status, message ?? statusText, { hasServerMessage: Boolean(message), errors });
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
  const headers = new Headers({ Accept: 'application/json', ...options.headers });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }
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
  return error instanceof ApiError && error.hasServerMessage && error.message ? error.message : fallback;
}
