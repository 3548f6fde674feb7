/** The service worker's cache of /api/app/* answers (src/sw.ts names it). */
export const API_CACHE = 'comunidad-api';
export const FILES_CACHE = 'comunidad-files';

/** Forgets the signed-out seller's saved answers, so the next person on this phone never reads them. */
export async function clearOfflineData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(API_CACHE);
}
