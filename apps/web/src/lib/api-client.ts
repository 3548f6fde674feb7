import { MFA_SETUP_REQUIRED } from '@panel/shared';
import {
  type ApiError,
  apiErrorOf,
  buildUrl,
  type HttpMethod,
  parseJson,
  type QueryValue,
  requestParts,
  serverMessageOr,
} from '@panel/shared/api-core';
import { clearSession, useAuthStore } from './auth-store';

export { API_BASE, ApiError, buildUrl, saveBlob } from '@panel/shared/api-core';

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Overrides the stored session's token (the login screen's seller check uses it). */
  token?: string | null;
  /** A 401 here is an answer to show, not an expired session (login). */
  skipSessionCheck?: boolean;
}

let onUnauthorized: () => void = clearSession;
let onMfaSetupRequired: () => void = () => {};

/**
 * The version an edit dialog read (RFC 9110 `If-Match`; docs/decisions/2026-11-26-record-versions.md),
 * sent once: on the first edit (`PUT`, `PATCH`, `DELETE`, or a form `POST` with `_method=PUT`) made
 * while `withIfMatch` runs. The dialog's own API call needs no change (components/form-dialog, and
 * the delete confirmations of components/confirm-dialog).
 */
export interface Precondition {
  ifMatch: string;
  /** The path the edit went to, once sent: where the record is read again after a 412. */
  sentTo?: string;
}

let precondition: Precondition | null = null;

/** `If-Match` for a record that carries its version (docs/decisions/2026-11-26-record-versions.md). */
export function preconditionOf(record: unknown): Precondition | null {
  const version = (record as { version?: unknown } | null | undefined)?.version;
  return typeof version === 'number' ? { ifMatch: `"${version}"` } : null;
}

export async function withIfMatch<T>(condition: Precondition | null, run: () => Promise<T>): Promise<T> {
  if (!condition) return run();
  const outer = precondition;
  precondition = condition;
  try {
    return await run();
  } finally {
    precondition = outer;
  }
}

function isEdit(method: string, body: unknown): boolean {
  if (method === 'PUT' || method === 'PATCH' || method === 'DELETE') return true;
  if (method !== 'POST') return false;
  return (body instanceof FormData || body instanceof URLSearchParams) && body.get('_method') === 'PUT';
}

/**
 * What to do when a panel call answers 403 `mfa_setup_required` (MFA_REQUIRED and the account has no
 * second factor): the layout takes the person to "Mi cuenta" to set it up.
 */
export function setMfaSetupRequiredHandler(handler: () => void) {
  onMfaSetupRequired = handler;
}

/** Lets the app also clear its caches when the session ends with a 401. The guard then sends the user to /login. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

async function readBody(res: Response): Promise<{ json: unknown; text: string }> {
  const text = await res.text();
  return { json: parseJson(text), text };
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const { method = 'GET', body, query, signal } = options;
  const token = options.token !== undefined ? options.token : useAuthStore.getState().token;
  const { headers, payload } = requestParts(body, token);
  if (precondition && !precondition.sentTo && isEdit(method, body)) {
    headers.set('If-Match', precondition.ifMatch);
    precondition.sentTo = path;
  }

  // same-origin: the sign-in's device cookie (HttpOnly, path /api/login) travels with it.
  return fetch(buildUrl(path, query), { method, headers, body: payload, signal, credentials: 'same-origin' });
}

/** A non-OK response as an ApiError (its body read here). */
async function responseError(res: Response, skipSessionCheck: boolean): Promise<ApiError> {
  const { json, text } = await readBody(res);
  return toApiError(res.status, res.statusText, json, text, skipSessionCheck);
}

/** The text of an answer as JSON when it is JSON (also used by the upload helper). */
export const parseBody = parseJson;

/** A non-OK answer as an ApiError; a 401 also ends the session (unless `skipSessionCheck`). */
export function toApiError(
  status: number,
  statusText: string,
  json: unknown,
  text: string,
  skipSessionCheck = false,
): ApiError {
  if (status === 401 && !skipSessionCheck) onUnauthorized();
  if (status === 403 && (json as { code?: unknown } | undefined)?.code === MFA_SETUP_REQUIRED)
    onMfaSetupRequired();
  return apiErrorOf(status, statusText, json, text);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { skipSessionCheck = false } = options;
  const res = await send(path, options);

  if (res.status === 204) return undefined as T;
  if (!res.ok) throw await responseError(res, skipSessionCheck);
  const { json, text } = await readBody(res);
  return (json === undefined ? text : json) as T;
}

/**
 * A file from the API (e.g. a CSV export) with the session's bearer token, as a Blob plus the
 * file name the server suggests. Failures raise the same ApiError as apiRequest.
 */
export async function apiDownload(
  path: string,
  options: Pick<RequestOptions, 'query' | 'signal'> = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const res = await send(path, options);
  if (!res.ok) throw await responseError(res, false);
  const disposition = res.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { blob: await res.blob(), filename };
}

/**
 * The text to show for a failed call: the server's message when it sent one, else the screen's
 * Spanish fallback (docs/product.md#messages). Network failures, raw proxy pages and status texts get the fallback.
 */
export const errorMessage = serverMessageOr;
