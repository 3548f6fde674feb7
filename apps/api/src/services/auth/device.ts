import { UAParser } from 'ua-parser-js';

/** How much of a User-Agent header a session keeps: real ones are under 300 characters. */
export const USER_AGENT_MAX = 400;

/** What a session shows when its browser says nothing we recognise (or nothing at all). */
export const UNKNOWN_DEVICE = 'Dispositivo desconocido';

/** The header as stored: trimmed, cut to USER_AGENT_MAX, null when absent or blank. */
export function storedUserAgent(header: string | string[] | undefined): string | null {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  return value ? value.slice(0, USER_AGENT_MAX) : null;
}

/** The parser's browser names that a person knows by a shorter one. */
const BROWSERS: Record<string, string> = {
  'Mobile Safari': 'Safari',
  'Chrome Headless': 'Chrome',
  'Chrome WebView': 'Chrome',
  'Mobile Chrome': 'Chrome',
  'Mobile Firefox': 'Firefox',
  'Samsung Browser': 'Samsung Internet',
};

/** Systems by the name people use; iOS by the device (iPhone, iPad). */
const SYSTEMS: Record<string, string> = {
  'Mac OS': 'Mac',
  macOS: 'Mac',
  'Chromium OS': 'ChromeOS',
  Ubuntu: 'Linux',
  Debian: 'Linux',
  Fedora: 'Linux',
};

/**
 * The session's device in words, built on the server from the sign-in's User-Agent (ua-parser-js
 * 1.x, MIT): "Chrome en Windows", "Safari en iPhone", "Firefox en Linux"; only the part that is known
 * when the other is not ("Windows"), and UNKNOWN_DEVICE when neither is.
 */
export function deviceWords(userAgent: string | null | undefined): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const { browser, os, device } = new UAParser(userAgent).getResult();
  const browserName = browser.name ? (BROWSERS[browser.name] ?? browser.name) : null;
  let system: string | null = os.name ? (SYSTEMS[os.name] ?? os.name) : null;
  if (os.name === 'iOS' && device.model && /^(iPhone|iPad|iPod)$/.test(device.model)) system = device.model;
  if (browserName && system) return `${browserName} en ${system}`;
  return browserName ?? system ?? UNKNOWN_DEVICE;
}
