/**
 * Inicio's first calls, sent by boot.ts while the app's code is still loading (issue 23, item 11), and
 * how the app takes their answers.
 *
 * boot.ts is inlined into index.html (vite.config.ts, `earlyBoot`): it runs as the document is parsed,
 * before any of the app's files has arrived, and leaves its calls in `window[EARLY_KEY]`. The app takes
 * each answer once (`takeEarly`, from `apiRequest`), for the same URL and token, and reads it exactly
 * as if it had sent the call itself. This module imports nothing: boot.ts's inline copy stays small.
 */

export interface EarlyCall {
  path: string;
  query?: Record<string, number>;
}

/** How many posts the feed's first page brings: about two screens of a phone, so it renders sooner. */
export const FEED_FIRST_PAGE = 5;

export const EARLY_CALLS = {
  feed: { path: '/app/feed', query: { per_page: FEED_FIRST_PAGE } },
  stories: { path: '/app/stories', query: { per_page: 50 } },
  unread: { path: '/app/notifications/unread-count' },
} satisfies Record<string, EarlyCall>;

/** The URL `apiRequest` builds for the call (its `buildUrl`; a unit test keeps the two the same). */
export function earlyUrl({ path, query }: EarlyCall): string {
  const qs = new URLSearchParams(
    Object.entries(query ?? {}).map(([key, value]) => [key, String(value)]),
  ).toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

/** Where the app keeps the seller's session (lib/session.ts; boot.ts reads it too). */
export const SESSION_KEY = 'community-auth';

/** One early call: its token, its answer, and once the feed's has arrived and was read, that (OK only). */
export interface Early {
  token: string;
  response: Promise<Response>;
  read?: { response: Response; data: unknown };
}

/** Where boot.ts leaves its calls, by URL. */
export const EARLY_KEY = '__communityEarly';

declare global {
  interface Window {
    [EARLY_KEY]?: Map<string, Early>;
  }
}

function calls(): Map<string, Early> | undefined {
  return window[EARLY_KEY];
}

/** The early answer for this URL and token, once; undefined when there is none (then the app fetches). */
export function takeEarly(url: string, token: string | null): Promise<Response> | undefined {
  const call = calls()?.get(url);
  if (!call) return undefined;
  calls()?.delete(url);
  return call.token === token ? call.response : undefined;
}

/**
 * The early answer already read, for this URL and token, once: the app puts it in place before its
 * first render, so Inicio shows its posts at once. Undefined while it has not arrived (then `takeEarly`).
 */
export function takeEarlyRead(url: string, token: string | null): Early['read'] {
  const call = calls()?.get(url);
  if (!call?.read || call.token !== token) return undefined;
  calls()?.delete(url);
  return call.read;
}
