import { useSyncExternalStore } from 'react';

/**
 * Whether the app can reach the server, from what its requests actually did (issue 23.9).
 * `navigator.onLine` alone is not to be trusted: after an offline reload it read `true` while every
 * request failed. So the state is evidence-based:
 * - offline when a request fails for network reasons (fetch rejected, or the service worker had to
 *   answer from its saved copy: header SAVED_COPY_HEADER), or when the browser says `offline`;
 * - online again at the first request the server answers (any status: a 4xx still came from it).
 * While offline, a small probe (GET /api/health) runs when the browser says `online` again and every
 * PROBE_MS while the app is visible, so the bar does not outlive the outage on a quiet screen.
 */
export const SAVED_COPY_HEADER = 'X-Comunidad-Copia-Guardada';
const PROBE_MS = 30_000;

let offline = typeof navigator !== 'undefined' ? !navigator.onLine : false;
const listeners = new Set<() => void>();
let probeTimer: ReturnType<typeof setInterval> | null = null;

function set(next: boolean) {
  if (next === offline) return;
  offline = next;
  if (offline) startProbing();
  else stopProbing();
  for (const listener of listeners) listener();
}

/** A request failed for network reasons. */
export function reportNetworkFailure() {
  set(true);
}

/** The server answered a request. */
export function reportServerAnswer() {
  set(false);
}

/** Reads a fetch answer: a saved copy from the service worker means the network failed. */
export function reportResponse(res: Response) {
  if (res.headers.get(SAVED_COPY_HEADER)) reportNetworkFailure();
  else reportServerAnswer();
}

export function isOffline(): boolean {
  return offline;
}

async function probe() {
  if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
  try {
    const res = await fetch('/api/health', { cache: 'no-store' });
    reportResponse(res);
  } catch {
    reportNetworkFailure();
  }
}

function startProbing() {
  if (probeTimer || typeof window === 'undefined') return;
  probeTimer = setInterval(() => void probe(), PROBE_MS);
}

function stopProbing() {
  if (probeTimer) clearInterval(probeTimer);
  probeTimer = null;
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => set(true));
  // The browser thinks the network is back: believe it once a request gets through.
  window.addEventListener('online', () => void probe());
  if (offline) startProbing();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the server is reachable, as the app's own requests last found (see above). */
export function useOnline(): boolean {
  return !useSyncExternalStore(subscribe, isOffline, () => false);
}
