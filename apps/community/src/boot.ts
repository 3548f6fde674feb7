/**
 * Inicio's first calls (lib/early.ts). Inlined into index.html as a classic script at build time, so
 * it runs while the document is parsed: for a signed-in seller opening Inicio it asks at once for the
 * feed's first page, the stories and the unread count, and as soon as the feed answers it preloads the
 * first post's first image. The screen's largest paint no longer waits for the app's code, nor for a
 * file of its own. The server allows this one inline script by its hash (Content-Security-Policy).
 */
import { EARLY_CALLS, EARLY_KEY, type Early, earlyUrl, SESSION_KEY } from './lib/early';

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
  const early = new Map<string, Early>();
  window[EARLY_KEY] = early;
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
