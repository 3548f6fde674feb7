import { describe, expect, it } from 'vitest';
import { deviceWords, storedUserAgent, UNKNOWN_DEVICE, USER_AGENT_MAX } from './device.ts';

/** Real User-Agent headers, as browsers sent them in 2024. */
const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  safariIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  headlessLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
};

describe('deviceWords', () => {
  it.each([
    [UA.chromeWindows, 'Chrome en Windows'],
    [UA.edgeWindows, 'Edge en Windows'],
    [UA.safariIphone, 'Safari en iPhone'],
    [UA.safariIpad, 'Safari en iPad'],
    [UA.chromeAndroid, 'Chrome en Android'],
    [UA.safariMac, 'Safari en Mac'],
    [UA.firefoxLinux, 'Firefox en Linux'],
    [UA.headlessLinux, 'Chrome en Linux'],
  ])('names %s as "%s"', (ua, words) => {
    expect(deviceWords(ua)).toBe(words);
  });

  it(`says "${UNKNOWN_DEVICE}" when the header is absent or names no browser or system`, () => {
    expect(deviceWords(null)).toBe(UNKNOWN_DEVICE);
    expect(deviceWords('')).toBe(UNKNOWN_DEVICE);
    expect(deviceWords('curl/8.5.0')).toBe(UNKNOWN_DEVICE);
    expect(deviceWords('lightMyRequest')).toBe(UNKNOWN_DEVICE);
  });
});

describe('storedUserAgent', () => {
  it('keeps the header trimmed, cut to the maximum, and null when blank', () => {
    expect(storedUserAgent(`  ${UA.firefoxLinux} `)).toBe(UA.firefoxLinux);
    expect(storedUserAgent('x'.repeat(5000))).toHaveLength(USER_AGENT_MAX);
    expect(storedUserAgent('   ')).toBeNull();
    expect(storedUserAgent(undefined)).toBeNull();
  });
});
