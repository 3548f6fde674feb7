import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * OWASP's device cookie ("Slow Down Online Guessing Attacks with Device Cookies"): a browser where an
 * account signed in gets a cookie that proves it, and attempts that carry it have their own failure
 * budget (login-throttle.ts), so the owner is never slowed down or locked out by someone guessing
 * from elsewhere.
 *
 * The value is `<device id>.<mac>.<mac>…`: a random device id, then for each account that signed in
 * on this browser (the newest first, at most MAX_ACCOUNTS, so a shared phone keeps working for a few
 * people) the HMAC of (device id, email) under a key derived from APP_SECRET. It names no account,
 * cannot be made without the key, and a cookie for one's own account says nothing about another's.
 * Every instance sharing APP_SECRET reads it.
 */
export const DEVICE_COOKIE = 'panel_device';
/** The cookie travels only with sign-in requests. */
export const DEVICE_COOKIE_PATH = '/api/login';
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const MAX_ACCOUNTS = 5;
const ID = /^[A-Za-z0-9_-]{22}$/;

export class DeviceCookies {
  private readonly key: Buffer;

  constructor(appSecret: string) {
    this.key = createHmac('sha256', appSecret).update('panel device cookie v1').digest();
  }

  private mac(deviceId: string, email: string): Buffer {
    return createHmac('sha256', this.key)
      .update(`${deviceId}\n${email.trim().toLowerCase()}`)
      .digest()
      .subarray(0, 16);
  }

  private parse(value: string | undefined): { deviceId: string; macs: string[] } | null {
    if (!value || value.length > 400) return null;
    const [deviceId, ...macs] = value.split('.');
    if (!deviceId || !ID.test(deviceId) || macs.length > MAX_ACCOUNTS) return null;
    if (!macs.every((m) => ID.test(m))) return null;
    return { deviceId, macs };
  }

  /** The device id when `value` is a valid device cookie for `email`, else null. */
  deviceFor(value: string | undefined, email: string): string | null {
    const parsed = this.parse(value);
    if (!parsed) return null;
    const expected = this.mac(parsed.deviceId, email);
    const known = parsed.macs.some((m) => timingSafeEqual(Buffer.from(m, 'base64url'), expected));
    return known ? parsed.deviceId : null;
  }

  /**
   * The cookie after `email` signed in: the same device id when the old cookie was genuine (the other
   * accounts on it stay known), this account first.
   */
  issue(value: string | undefined, email: string): string {
    const parsed = this.parse(value);
    const deviceId = parsed?.deviceId ?? randomBytes(16).toString('base64url');
    const mine = this.mac(deviceId, email).toString('base64url');
    const others = (parsed?.macs ?? []).filter((m) => m !== mine);
    return [deviceId, mine, ...others].slice(0, MAX_ACCOUNTS + 1).join('.');
  }
}
