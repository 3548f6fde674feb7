import { describe, expect, it } from 'vitest';
import { defaultPushHostRules } from '../../lib/push-hosts.ts';
import { endpointProblem, isPublicUnicast, RefusedTargetError, resolvePushAddress } from './targets.ts';

// Issue 20.1: which addresses a push may be sent to, and which endpoints are push services.

describe('isPublicUnicast', () => {
  it('refuses every address that is not public unicast, in all its spellings', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.255.254',
      '0.0.0.0',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '192.0.0.8',
      '192.0.2.1',
      '198.18.0.1',
      '198.19.255.255',
      '198.51.100.7',
      '203.0.113.9',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::127.0.0.1',
      '::7f00:1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:8.8.8.8',
      '64:ff9b::7f00:1',
      '64:ff9b::8.8.8.8',
      '64:ff9b:1::a00:1',
      'fec0::1',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '2002:7f00:1::1',
      '2001::1',
      '2001:db8::1',
      '100::1',
      'no es una dirección',
    ]) {
      expect(isPublicUnicast(address), address).toBe(false);
    }
  });

  it('lets public unicast addresses through', () => {
    for (const address of [
      '8.8.8.8',
      '142.250.79.42',
      '17.253.144.10',
      '2607:f8b0:4004:c07::5f',
      '2a00:1450:4001::200e',
    ]) {
      expect(isPublicUnicast(address), address).toBe(true);
    }
  });
});

describe('resolvePushAddress', () => {
  const answers =
    (...list: string[]) =>
    async () =>
      list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('checks literals as they are and every resolved address, and returns the one to connect to', async () => {
    await expect(resolvePushAddress('[::1]')).rejects.toBeInstanceOf(RefusedTargetError);
    await expect(resolvePushAddress('127.0.0.1')).rejects.toThrow(/no pública/);
    expect(await resolvePushAddress('8.8.8.8')).toEqual({ address: '8.8.8.8', family: 4 });
    const lookup = answers('142.250.79.42', '2607:f8b0:4004:c07::5f');
    expect(await resolvePushAddress('fcm.googleapis.com', { lookup })).toEqual({
      address: '142.250.79.42',
      family: 4,
    });
    await expect(
      resolvePushAddress('fcm.googleapis.com', { lookup: answers('142.250.79.42', '10.0.0.1') }),
    ).rejects.toThrow(/10\.0\.0\.1/);
    await expect(resolvePushAddress('fcm.googleapis.com', { lookup: answers() })).rejects.toThrow(
      /no tiene direcciones/,
    );
  });

  it('lets loopback through only with the test switch', async () => {
    await expect(resolvePushAddress('localhost', { lookup: answers('127.0.0.1') })).rejects.toThrow();
    expect(
      await resolvePushAddress('localhost', { lookup: answers('127.0.0.1'), localTestService: true }),
    ).toEqual({
      address: '127.0.0.1',
      family: 4,
    });
    // Not a private network, even then.
    await expect(
      resolvePushAddress('x', { lookup: answers('10.0.0.1'), localTestService: true }),
    ).rejects.toThrow();
  });
});

describe('endpointProblem', () => {
  const policy = { rules: defaultPushHostRules() };

  it('accepts the push services on 443 and nothing else', () => {
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/a', policy)).toBeNull();
    expect(endpointProblem('https://a.b.push.services.mozilla.com/wpush/v2/x', policy)).toBeNull();
    expect(endpointProblem('https://fcm.googleapis.com:8443/fcm/send/a', policy)).toBe('not-allowed');
    // An empty label is no name a push service gives (issue 28, item 10).
    expect(endpointProblem('https://.push.services.mozilla.com/x', policy)).toBe('invalid');
    expect(endpointProblem('https://a..push.services.mozilla.com/x', policy)).toBe('invalid');
    expect(endpointProblem('http://web.push.apple.com/x', policy)).toBe('invalid');
    expect(endpointProblem('https://localhost:3000/x', policy)).toBe('not-allowed');
    expect(endpointProblem('http://127.0.0.1:3000/x', policy)).toBe('invalid');
    expect(endpointProblem('http://127.0.0.1:3000/x', { ...policy, localTestService: true })).toBeNull();
    expect(endpointProblem('http://10.0.0.1:3000/x', { ...policy, localTestService: true })).toBe('invalid');
  });
});
