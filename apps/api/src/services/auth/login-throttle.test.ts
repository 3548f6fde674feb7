import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeviceCookies } from './device-cookie.ts';
import { type LoginAttempt, LoginThrottle, WindowCounterStore } from './login-throttle.ts';

const LIMITS = { windowMs: 60_000, maxPerAccount: 3, maxPerIp: 5, maxPerDevice: 4 };

// The memory store is rate-limiter-flexible's, on the process clock: the tests move a fake one.
beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
afterEach(() => vi.useRealTimers());

function setup() {
  const throttle = new LoginThrottle(new WindowCounterStore(), LIMITS);
  return { throttle, advance: (ms: number) => vi.advanceTimersByTime(ms) };
}

const from = (ip: string, email = 'a@x.com', device: string | null = null): LoginAttempt => ({
  email,
  ip,
  device,
});

describe('login throttle (memory store)', () => {
  it('unknown devices share one budget per account across addresses, until the window ends', async () => {
    const { throttle, advance } = setup();
    for (let i = 0; i < 3; i++) expect((await throttle.recordFailure(from(`ip${i}`))).blocked).toBe(false);
    expect(await throttle.admit(from('ip9', 'A@X.com'))).toEqual({ blocked: true, retryAfterSeconds: 60 });
    expect((await throttle.admit(from('ip9', 'b@x.com'))).blocked).toBe(false);
    advance(30_000);
    expect(await throttle.admit(from('ip9'))).toEqual({ blocked: true, retryAfterSeconds: 30 });
    advance(30_001);
    expect((await throttle.admit(from('ip9'))).blocked).toBe(false);
  });

  it('a known device has its own budget: blocked unknown devices do not touch it', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 10; i++) await throttle.recordFailure(from(`atacante${i}`));
    expect((await throttle.admit(from('ip1'))).blocked).toBe(true);
    expect((await throttle.admit(from('ip1', 'a@x.com', 'dev-1'))).blocked).toBe(false);
    expect((await throttle.recordSuccess(from('ip1', 'a@x.com', 'dev-1'))).blocked).toBe(false);
    // The device's own mistakes are limited too, and only that device.
    for (let i = 0; i < 4; i++) await throttle.recordFailure(from('ip1', 'a@x.com', 'dev-1'));
    expect((await throttle.admit(from('ip1', 'a@x.com', 'dev-1'))).blocked).toBe(true);
    expect((await throttle.admit(from('ip1', 'a@x.com', 'dev-2'))).blocked).toBe(false);
  });

  it('blocks an address after its limit, for any account, unless the device is known', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 5; i++) await throttle.recordFailure(from('10.0.0.1', `u${i}@x.com`));
    expect((await throttle.admit(from('10.0.0.1', 'nuevo@x.com'))).blocked).toBe(true);
    expect((await throttle.admit(from('10.0.0.2', 'nuevo@x.com'))).blocked).toBe(false);
    expect((await throttle.admit(from('10.0.0.1', 'nuevo@x.com', 'dev-3'))).blocked).toBe(false);
  });

  it('the failure that crosses a limit is itself answered as blocked (counted before the verdict)', async () => {
    const { throttle } = setup();
    const verdicts = await Promise.all(
      Array.from({ length: 8 }, (_, i) => throttle.recordFailure(from(`ip${i}`))),
    );
    expect(verdicts.filter((v) => !v.blocked)).toHaveLength(3);
  });

  it('a success is refused while a budget is used up; on a known device it starts the budget afresh', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 3; i++) await throttle.recordFailure(from('ip1'));
    expect((await throttle.recordSuccess(from('ip1'))).blocked).toBe(true);
    for (let i = 0; i < 3; i++) await throttle.recordFailure(from('ip1', 'a@x.com', 'dev-1'));
    expect((await throttle.recordSuccess(from('ip1', 'a@x.com', 'dev-1'))).blocked).toBe(false);
    for (let i = 0; i < 3; i++) await throttle.recordFailure(from('ip1', 'a@x.com', 'dev-1'));
    expect((await throttle.admit(from('ip1', 'a@x.com', 'dev-1'))).blocked).toBe(false);
    // An unknown device's success does not give the attackers their budget back.
    await throttle.recordFailure(from('ip2', 'b@x.com'));
    await throttle.recordSuccess(from('ip2', 'b@x.com'));
    for (let i = 0; i < 2; i++) await throttle.recordFailure(from('ip3', 'b@x.com'));
    expect((await throttle.admit(from('ip4', 'b@x.com'))).blocked).toBe(true);
  });

  it('successes never use up a budget', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 50; i++)
      expect((await throttle.recordSuccess(from('office', `u${i}@x.com`))).blocked).toBe(false);
    expect((await throttle.admit(from('office', 'otro@x.com'))).blocked).toBe(false);
  });
});

describe('device cookies', () => {
  const cookies = new DeviceCookies('secreto-de-pruebas-de-al-menos-32-caracteres');

  it('proves that an account signed in on this browser, and for no other account', () => {
    const value = cookies.issue(undefined, 'Ana@X.com');
    const device = cookies.deviceFor(value, 'ana@x.com');
    expect(device).toMatch(/^[\w-]{22}$/);
    expect(cookies.deviceFor(value, 'beto@x.com')).toBeNull();
    expect(value).not.toContain('ana');
  });

  it('keeps the device and its other accounts when another account signs in (a shared phone)', () => {
    const first = cookies.issue(undefined, 'ana@x.com');
    const both = cookies.issue(first, 'beto@x.com');
    expect(cookies.deviceFor(both, 'ana@x.com')).toBe(cookies.deviceFor(first, 'ana@x.com'));
    expect(cookies.deviceFor(both, 'beto@x.com')).toBe(cookies.deviceFor(first, 'ana@x.com'));
    let many = both;
    for (let i = 0; i < 6; i++) many = cookies.issue(many, `otra${i}@x.com`);
    expect(cookies.deviceFor(many, 'otra5@x.com')).not.toBeNull();
    expect(cookies.deviceFor(many, 'ana@x.com')).toBeNull();
  });

  it('refuses forged, altered or foreign cookies', () => {
    const value = cookies.issue(undefined, 'ana@x.com');
    const [device, mac] = value.split('.') as [string, string];
    const flipped = `${mac.slice(0, 5)}${mac[5] === 'A' ? 'B' : 'A'}${mac.slice(6)}`;
    expect(cookies.deviceFor(`${device}.${flipped}`, 'ana@x.com')).toBeNull();
    expect(cookies.deviceFor(`${'A'.repeat(22)}.${mac}`, 'ana@x.com')).toBeNull();
    expect(cookies.deviceFor('basura', 'ana@x.com')).toBeNull();
    expect(cookies.deviceFor(undefined, 'ana@x.com')).toBeNull();
    const other = new DeviceCookies('otro-secreto-de-pruebas-de-32-caracteres!');
    expect(other.deviceFor(value, 'ana@x.com')).toBeNull();
    // A forged cookie keeps no foreign entry trusted when it is reissued.
    expect(cookies.deviceFor(cookies.issue(`${device}.${flipped}`, 'beto@x.com'), 'ana@x.com')).toBeNull();
  });
});
