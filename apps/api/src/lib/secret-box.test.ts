import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

const SECRET = 'un-secreto-de-aplicacion-de-32-caracteres!';

describe('secret box (AES-256-GCM, key from HKDF-SHA256)', () => {
  it('round-trips text, unicode included', () => {
    const box = createSecretBox(SECRET);
    const plain = 'postgres://usuario:contraseña@10.0.0.5:5432/sucursal?ssl=true';
    expect(box.decrypt(box.encrypt(plain))).toBe(plain);
    expect(box.decrypt(box.encrypt(''))).toBe('');
  });

  it('uses a random IV: the same text never encrypts the same way', () => {
    const box = createSecretBox(SECRET);
    expect(box.encrypt('igual')).not.toBe(box.encrypt('igual'));
  });

  it('detects tampering', () => {
    const box = createSecretBox(SECRET);
    const [v, iv, tag, data] = box.encrypt('dato').split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => box.decrypt([v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => box.decrypt('v2.a.b.c')).toThrow();
  });

  it('cannot be opened with another APP_SECRET', () => {
    const sealed = createSecretBox(SECRET).encrypt('dato');
    expect(() => createSecretBox(`${SECRET}x`).decrypt(sealed)).toThrow();
  });
});
