import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_SCRYPT_PARAMS,
  getDummyHash,
  hashPassword,
  setScryptParams,
  verifyPassword,
} from './passwords.ts';

afterEach(() => setScryptParams(DEFAULT_SCRYPT_PARAMS));

describe('passwords', () => {
  it('hashes with OWASP scrypt parameters by default and stores them in the hash', async () => {
    const hash = await hashPassword('correcta-caballo-bateria');
    expect(hash).toMatch(/^scrypt\$N=131072,r=8,p=1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('correcta-caballo-bateria', hash)).toBe(true);
    expect(await verifyPassword('Correcta-caballo-bateria', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    setScryptParams({ N: 1024, r: 8, p: 1 });
    expect(await hashPassword('igual')).not.toBe(await hashPassword('igual'));
  });

  it('verifies with the parameters stored in the hash, so they can change later', async () => {
    setScryptParams({ N: 1024, r: 8, p: 1 });
    const old = await hashPassword('clave-vieja');
    setScryptParams({ N: 2048, r: 8, p: 1 });
    expect(await verifyPassword('clave-vieja', old)).toBe(true);
  });

  it('treats unicode passwords consistently (NFC)', async () => {
    setScryptParams({ N: 1024, r: 8, p: 1 });
    const hash = await hashPassword('contrase\u00f1a');
    expect(await verifyPassword('contrasen\u0303a', hash)).toBe(true);
  });

  it('refuses malformed or absurd hashes without throwing', async () => {
    for (const stored of ['', 'plain', 'scrypt$N=1,r=8,p=1$abc$def', 'scrypt$N=1073741824,r=8,p=1$abc$def']) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });

  it('offers a dummy hash with the current parameters, matching no password', async () => {
    setScryptParams({ N: 1024, r: 8, p: 1 });
    const dummy = await getDummyHash();
    expect(dummy).toMatch(/^scrypt\$N=1024,/);
    expect(await verifyPassword('', dummy)).toBe(false);
  });
});
