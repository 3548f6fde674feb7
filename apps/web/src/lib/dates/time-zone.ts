import { DEFAULT_TIMEZONE } from '@panel/shared';
import { useSyncExternalStore } from 'react';

/**
 * The business time zone (docs/product.md#time, APP_TIMEZONE): it defines "today", weeks and months, and every
 * date the panel shows or reads is wall time there, whatever the browser's zone. The server says which
 * one in GET /api/me (`meta.time_zone`); until it has answered, the last one it said (kept in this
 * browser) or the default. docs/decisions/2026-11-26-date-input.md.
 */
const STORAGE_KEY = 'panel-time-zone';
let zone = storedZone() ?? DEFAULT_TIMEZONE;
const listeners = new Set<() => void>();

export function businessTimeZone(): string {
  return zone;
}

/** Adopts the zone the server named; an unknown IANA name is ignored (the formatters would throw). */
export function setBusinessTimeZone(next: string): void {
  if (!next || next === zone || !isTimeZone(next)) return;
  zone = next;
  try {
    localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // Private mode or storage full: the zone still holds for this page.
  }
  for (const listener of listeners) listener();
}

/** The zone as people say it: "Buenos Aires", "Madrid". */
export function businessZoneName(tz: string = zone): string {
  return (tz.split('/').pop() ?? tz).replace(/_/g, ' ');
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The business time zone, re-rendering when the server names another one. */
export function useBusinessTimeZone(): string {
  return useSyncExternalStore(subscribe, businessTimeZone, businessTimeZone);
}

function storedZone(): string | null {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
    return stored && isTimeZone(stored) ? stored : null;
  } catch {
    return null;
  }
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
