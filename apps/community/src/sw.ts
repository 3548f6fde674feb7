/// <reference lib="webworker" />
// The app's service worker (vite-plugin-pwa builds it with Workbox, strategy injectManifest):
// - precaches the shell (every built file), so the app opens with no network;
// - answers /api/app/* from the network, else from the last saved answer (offline reading); a post
//   never opened, from a saved list that holds it;
// - keeps the images of posts and stories (content-addressed, so a saved copy never goes stale);
// - shows a notification for every push, and opens the app on it when tapped.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import type { WorkboxPlugin } from 'workbox-core/types';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { pushNotification } from './sw/push-payload';
import { isPostList, postFromSavedLists, postIdOf } from './sw/saved-post';

declare const self: ServiceWorkerGlobalScope;

// Kept in step with src/lib/offline-cache.ts (the app clears the API cache on sign-out).
const API_CACHE = 'comunidad-api';
const FILES_CACHE = 'comunidad-files';
const BASE = import.meta.env.BASE_URL; // '/comunidad/'

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open page at once, so it reads offline from the first visit.
// (A new version waits until the seller accepts it: see the SKIP_WAITING message below.)
clientsClaim();

// Every page of the app is the same index.html (the app routes on the client).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL(`${BASE}index.html`), {
    allowlist: [new RegExp(`^${BASE}`)],
  }),
);

/**
 * NetworkFirst reads the cache only when the network failed (or took over 15 s): the copy it answers
 * with says so in a header, so the page knows it is offline even when navigator.onLine says otherwise
 * (src/lib/online.ts; the name is kept in step with SAVED_COPY_HEADER there).
 */
const SAVED_COPY_HEADER = 'X-Comunidad-Copia-Guardada';
const markSavedCopy: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const headers = new Headers(cachedResponse.headers);
    headers.set(SAVED_COPY_HEADER, '1');
    return new Response(cachedResponse.body, {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
};

/**
 * A post with neither a network nor a saved answer of its own (never opened on this phone): the saved
 * lists of posts (Inicio's pages, searches) hold it in the same shape, so its screen shows it from the
 * newest of them, marked as a saved copy (src/sw/saved-post.ts).
 */
const postFromSavedList: WorkboxPlugin = {
  handlerDidError: async ({ request }) => {
    const id = postIdOf(new URL(request.url).pathname);
    if (id === null) return undefined;
    const cache = await caches.open(API_CACHE);
    const lists = [];
    for (const key of await cache.keys()) {
      if (!isPostList(new URL(key.url).pathname)) continue;
      const saved = await cache.match(key);
      if (!saved) continue;
      const body: unknown = await saved.json().catch(() => null);
      lists.push({ savedAt: Date.parse(saved.headers.get('date') ?? '') || 0, body });
    }
    const found = postFromSavedLists(lists, id);
    if (!found) return undefined;
    return new Response(JSON.stringify(found), {
      status: 200,
      headers: { 'Content-Type': 'application/json; charset=utf-8', [SAVED_COPY_HEADER]: '1' },
    });
  },
};

// One post: as every /api/app/* answer below, and from a saved list when it has no saved answer of its own.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && postIdOf(url.pathname) !== null,
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: 15,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), markSavedCopy, postFromSavedList],
  }),
);

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/api/app/'),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: 15,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), markSavedCopy],
  }),
);

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/api/files/'),
  new CacheFirst({
    cacheName: FILES_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// The notification types' icons, served with the panel (white glyphs drawn on the type's colour).
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    url.pathname.startsWith('/icons/notifications/'),
  new CacheFirst({
    cacheName: FILES_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] })],
  }),
);

// The app offers the new version; the seller's "Actualizar" sends this.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Every push shows a visible notification (iOS revokes a subscription whose pushes show nothing).
self.addEventListener('push', (event) => {
  const { title, options } = pushNotification(event.data ? event.data.text() : null, BASE);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    (event.notification.data as { url?: string } | null)?.url ?? `${BASE}notificaciones`,
    self.location.origin,
  ).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).pathname.startsWith(BASE));
      if (open) {
        // The open app moves to the notification itself (src/app/shell.tsx), keeping its state.
        open.postMessage({ type: 'OPEN', url: target });
        await open.focus();
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
