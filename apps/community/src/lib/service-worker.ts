import { registerSW } from 'virtual:pwa-register';
import { useSyncExternalStore } from 'react';

/**
 * Registers the service worker and watches for a new version: checked when the app starts and
 * every time it returns to the foreground (an installed app may stay open for days), then offered
 * to the seller, who reloads into it with one tap.
 */
let needRefresh = false;
let update: ((reload?: boolean) => Promise<void>) | null = null;
let registration: ServiceWorkerRegistration | undefined;
const listeners = new Set<() => void>();

export function startServiceWorker() {
  if (!('serviceWorker' in navigator) || update) return;
  update = registerSW({
    // main.tsx calls this once the page has loaded and gone idle.
    immediate: true,
    onNeedRefresh() {
      needRefresh = true;
      for (const listener of listeners) listener();
    },
    onRegisteredSW(_url, reg) {
      registration = reg;
    },
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void checkForUpdate();
  });
}

/** Asks the server for a newer service worker (nothing happens when there is none or offline). */
export async function checkForUpdate() {
  if (!registration || !navigator.onLine) return;
  await registration.update().catch(() => undefined);
}

export function applyUpdate() {
  void update?.(true);
}

export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => needRefresh,
  );
}

/** The active registration, once there is one (push subscribes through it). */
export async function readyRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  return navigator.serviceWorker.ready;
}
