import { describe, expect, it } from 'vitest';
import { parsePushHostRule } from './push-hosts.ts';

describe('parsePushHostRule', () => {
  it('parses PUSH_EXTRA_HOSTS entries', () => {
    expect(parsePushHostRule('Push.Empresa.com.ar')).toEqual({
      host: 'push.empresa.com.ar',
      wildcard: false,
      port: 443,
    });
    expect(parsePushHostRule('*.push.empresa.com.ar:8443')).toEqual({
      host: 'push.empresa.com.ar',
      wildcard: true,
      port: 8443,
    });
    for (const bad of [
      '10.0.0.1',
      'localhost',
      'x.local',
      'metadata.google.internal',
      'a_b.com',
      'push.com.',
      'x.com:0',
    ]) {
      expect(typeof parsePushHostRule(bad), bad).toBe('string');
    }
  });
});
