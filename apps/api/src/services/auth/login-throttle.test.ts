import { describe, expect, it } from 'vitest';
import { LoginThrottle, MemoryCounterStore } from './login-throttle.ts';

function setup() {
  let now = 1_000_000;
  const store = new MemoryCounterStore(() => now);
  const throttle = new LoginThrottle(store, { windowMs: 60_000, maxPerEmail: 3, maxPerIp: 5 });
  return { throttle, advance: (ms: number) => (now += ms) };
}

describe('login throttle (memory store)', () => {
  it('blocks an email after its limit until the window ends', async () => {
    const { throttle, advance } = setup();
    for (let i = 0; i < 3; i++) await throttle.recordFailure('a@x.com', `ip${i}`);
    expect(await throttle.blockedFor('A@X.com', 'other-ip')).toBe(60);
    advance(30_000);
    expect(await throttle.blockedFor('a@x.com', 'other-ip')).toBe(30);
    advance(30_001);
    expect(await throttle.blockedFor('a@x.com', 'other-ip')).toBeNull();
  });

  it('blocks an IP after its limit, for any email', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 5; i++) await throttle.recordFailure(`u${i}@x.com`, '10.0.0.1');
    expect(await throttle.blockedFor('nuevo@x.com', '10.0.0.1')).not.toBeNull();
    expect(await throttle.blockedFor('nuevo@x.com', '10.0.0.2')).toBeNull();
  });

  it('a success clears the email counter but not the IP counter', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 3; i++) await throttle.recordFailure('a@x.com', '10.0.0.1');
    await throttle.recordSuccess('a@x.com', '10.0.0.1');
    expect(await throttle.blockedFor('a@x.com', '10.0.0.9')).toBeNull();
    for (let i = 0; i < 2; i++) await throttle.recordFailure('b@x.com', '10.0.0.1');
    expect(await throttle.blockedFor('c@x.com', '10.0.0.1')).not.toBeNull();
  });
});
