/**
 * Inicio's first calls, sent while the app's code is still loading (issue 23, item 11).
 *
 * index.html loads this small module with `async`, so it runs as soon as it arrives, before the app's
 * own modules have loaded and rendered. For a signed-in seller opening Inicio it asks at once for the
 * feed's first page, the stories and the unread count, and as soon as the feed answers it preloads
 * the first post's first image: the screen's largest paint no longer waits for the app's code.
 *
 * The app takes each answer once (`takeEarly`, from `apiRequest`), for the same URL and token, and
 * reads it exactly as if it had sent the call itself. It imports nothing, so it stays one small file.
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

/** Where the app keeps the seller's session (lib/session.ts reads it from here). */
export const SESSION_KEY = 'community-auth';

interface Early {
  token: string;
  response: Promise<Response>;
  /** The feed's answer, once it has arrived and was read (OK only). */
  read?: { response: Response; data: unknown };
}

const early = new Map<string, Early>();

/** The early answer for this URL and token, once; undefined when there is none (then the app fetches). */
export function takeEarly(url: string, token: string | null): Promise<Response> | undefined {
  const call = early.get(url);
  if (!call) return undefined;
  early.delete(url);
  return call.token === token ? call.response : undefined;
}

/**
 * The early answer already read, for this URL and token, once: the app puts it in place before its
 * first render, so Inicio shows its posts at once. Undefined while it has not arrived (then `takeEarly`).
 */
export function takeEarlyRead(url: string, token: string | null): Early['read'] {
  const call = early.get(url);
  if (!call?.read || call.token !== token) return undefined;
  early.delete(url);
  return call.read;
}

function preloadImage(href: string) {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.setAttribute('fetchpriority', 'high');
  link.href = href;
  document.head.append(link);
}

function start() {
  if (window.location.pathname !== import.meta.env.BASE_URL || window.location.hash) return;
  let token: unknown;
  let role: unknown;
  try {
    const session = JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null') as {
      token?: unknown;
      user?: { role?: unknown };
    } | null;
    token = session?.token;
    role = session?.user?.role;
  } catch {
    return;
  }
  if (typeof token !== 'string' || role !== 'seller') return;
  const headers = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  for (const call of Object.values(EARLY_CALLS)) {
    const response = fetch(earlyUrl(call), { headers, credentials: 'same-origin' });
    // A failure is the app's to report when it takes the answer; unhandled here it would only be noise.
    response.catch(() => {});
    early.set(earlyUrl(call), { token, response });
  }
  const feed = early.get(earlyUrl(EARLY_CALLS.feed));
  void feed?.response
    .then(async (res) => {
      if (!res.ok) return;
      const page = (await res.clone().json()) as { data?: { images?: { thumb_url?: string }[] }[] };
      // Still waiting to be taken: the app may now take it already read.
      if (early.get(earlyUrl(EARLY_CALLS.feed)) === feed) feed.read = { response: res, data: page };
      const first = page?.data?.[0]?.images?.[0]?.thumb_url;
      if (first) preloadImage(first);
    })
    .catch(() => {});
}

start();
