import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './first-admin.ts';

describe('isLoopbackHost', () => {
  it('knows which addresses only this machine reaches', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]'])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.0.10', 'panel.example.com', '128.0.0.1'])
      expect(isLoopbackHost(host)).toBe(false);
  });
});
