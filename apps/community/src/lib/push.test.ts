import { base64UrlToBytes } from './push';

describe('base64UrlToBytes', () => {
  it('decodes a base64url VAPID key without padding', () => {
    // 65 bytes: an uncompressed P-256 public key starts with 0x04.
    const key = `BA${'A'.repeat(85)}`;
    const bytes = base64UrlToBytes(key);
    expect(bytes.length).toBe(65);
    expect(bytes[0]).toBe(4);
  });

  it('maps - and _ to the standard alphabet', () => {
    expect([...base64UrlToBytes('-_8')]).toEqual([0xfb, 0xff]);
  });
});
