import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import {
  DEFAULT_SCRYPT_PARAMS,
  hashPassword,
  setScryptParams,
  verifyPassword,
} from './services/auth/passwords.ts';
import { applyPasswordCost } from './start-server.ts';

// The browser tests' server hashes at the API tests' low cost (issue 29): TEST_LOW_PASSWORD_COST.
const dataDir = () => mkdtempSync(join(tmpdir(), 'panel-cost-'));

afterEach(() => setScryptParams(DEFAULT_SCRYPT_PARAMS));

describe('TEST_LOW_PASSWORD_COST', () => {
  it('is off unless set: a server hashes at the full cost', async () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.lowPasswordCost).toBe(false);
    applyPasswordCost(config);
    expect(await hashPassword('una-clave-larga')).toMatch(/^scrypt\$N=131072,r=8,p=1\$/);
  });

  it('set to 1 on this machine, new passwords use the low cost and still verify', async () => {
    const config = loadConfig({ DATA_DIR: dataDir(), TEST_LOW_PASSWORD_COST: '1' });
    expect(config.lowPasswordCost).toBe(true);
    applyPasswordCost(config);
    const hash = await hashPassword('una-clave-larga');
    expect(hash).toMatch(/^scrypt\$N=1024,r=8,p=1\$/);
    expect(await verifyPassword('una-clave-larga', hash)).toBe(true);
    expect(await verifyPassword('otra-clave-larga', hash)).toBe(false);
  });

  it('is refused, in Spanish and naming the variable, on an address other machines reach', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), TEST_LOW_PASSWORD_COST: '1', HOST: '0.0.0.0' });
    expect(() => applyPasswordCost(config)).toThrow(ConfigError);
    expect(() => applyPasswordCost(config)).toThrow(/TEST_LOW_PASSWORD_COST: es solo para pruebas/);
  });

  it('refuses a value that is not a flag', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), TEST_LOW_PASSWORD_COST: 'bajo' })).toThrow(
      /TEST_LOW_PASSWORD_COST: debe ser 1 o 0/,
    );
  });
});
