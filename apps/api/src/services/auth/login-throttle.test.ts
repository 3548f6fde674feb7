import { describe, expect, it } from 'vitest';
import { LoginThrottle, MemoryCounterStore } from './login-throttle.ts';

const LIMITS = {
  windowMs: 60_000,
  maxPerPair: 3,
  maxPerIp: 5,
  freeFailuresPerEmail: 2,
  delayBaseMs: 100,
  delayCapMs: 500,
};

function setup() {
  let now = 1_000_000;
  const store = new MemoryCounterStore(() => now);
  const throttle = new LoginThrottle(store, LIMITS);
  return { throttle, advance: (ms: number) => (now += ms) };
}

describe('login throttle (memory store)', () => {
  it('blocks an (email, address) pair after its limit until the window ends, and only that pair', async () => {
    const { throttle, advance } = setup();
    for (let i = 0; i < 3; i++) expect((await throttle.recordFailure('a@x.com', 'ip1')).blocked).toBe(false);
    expect(await throttle.admit('A@X.com', 'ip1')).toEqual({ blocked: true, retryAfterSeconds: 60 });
    // The same email from another address is slowed down, not refused.
    expect(await throttle.admit('a@x.com', 'ip2')).toEqual({ blocked: false, delayMs: 200 });
    advance(30_000);
    expect(await throttle.admit('a@x.com', 'ip1')).toEqual({ blocked: true, retryAfterSeconds: 30 });
    advance(30_001);
    expect((await throttle.admit('a@x.com', 'ip1')).blocked).toBe(false);
  });

  it('blocks an address after its limit, for any email', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 5; i++) await throttle.recordFailure(`u${i}@x.com`, '10.0.0.1');
    expect((await throttle.admit('nuevo@x.com', '10.0.0.1')).blocked).toBe(true);
    expect((await throttle.admit('nuevo@x.com', '10.0.0.2')).blocked).toBe(false);
  });

  it('the failure that crosses a limit is itself answered as blocked (counted before the verdict)', async () => {
    const { throttle } = setup();
    const verdicts = await Promise.all(
      Array.from({ length: 8 }, () => throttle.recordFailure('a@x.com', 'ip1')),
    );
    expect(verdicts.filter((v) => !v.blocked)).toHaveLength(3);
  });

  it('a success is refused while the pair is over its limit, and resets the pair otherwise', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 3; i++) await throttle.recordFailure('a@x.com', 'ip1');
    expect((await throttle.recordSuccess('a@x.com', 'ip1')).blocked).toBe(true);
    await throttle.recordFailure('b@x.com', 'ip3');
    expect((await throttle.recordSuccess('b@x.com', 'ip3')).blocked).toBe(false);
    for (let i = 0; i < 2; i++) await throttle.recordFailure('b@x.com', 'ip3');
    expect((await throttle.admit('b@x.com', 'ip3')).blocked).toBe(false);
  });

  it('successes never use up an address budget', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 50; i++)
      expect((await throttle.recordSuccess(`u${i}@x.com`, 'office')).blocked).toBe(false);
    expect((await throttle.admit('otro@x.com', 'office')).blocked).toBe(false);
  });

  it('the delay per email grows from the free failures on and stops at the cap', () => {
    const { throttle } = setup();
    expect([0, 1, 2, 3, 4, 5, 50].map((n) => throttle.delayFor(n))).toEqual([0, 0, 100, 200, 400, 500, 500]);
  });
});
