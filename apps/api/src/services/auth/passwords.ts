import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt from node:crypto (docs/product.md#sign-in-and-sessions). The defaults are OWASP's minimum (N=2^17, r=8, p=1,
 * 128 MiB per hash). The parameters travel inside the stored string, so they can be raised
 * later without breaking existing hashes:  scrypt$N=131072,r=8,p=1$<salt>$<key>  (base64url).
 */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
/**
 * For tests only: about 1 ms per hash instead of about 0.3 s. The API tests set it in-process
 * (testing/test-app.ts); the browser tests' server reads TEST_LOW_PASSWORD_COST=1 (config.ts).
 */
export const TEST_SCRYPT_PARAMS: ScryptParams = { N: 1024, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

let currentParams: ScryptParams = DEFAULT_SCRYPT_PARAMS;
let dummyHash: Promise<string> | null = null;

/** Tests lower the cost to keep suites fast; production never calls this. */
export function setScryptParams(params: ScryptParams): void {
  currentParams = params;
  dummyHash = null;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, currentParams);
  const { N, r, p } = currentParams;
  return `scrypt$N=${N},r=${r},p=${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

let checksStarted = 0;

/**
 * How many password checks (scrypt runs of verifyPassword) this process has started: the API tests
 * read it to see that refused attempts do no hashing (issue 28, item 2).
 */
export function passwordChecksStarted(): number {
  return checksStarted;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  checksStarted++;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/**
 * For unknown emails: verifying against this hash costs the same as a real check, so a wrong
 * email and a wrong password take the same time.
 */
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

function parseHash(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const match = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/.exec(stored);
  if (!match) return null;
  const [, n, r, p, salt, key] = match;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  // Refuse absurd parameters rather than let a bad row exhaust memory.
  if (params.N < 2 || params.N > 2 ** 22 || params.r < 1 || params.r > 32 || params.p < 1 || params.p > 16) {
    return null;
  }
  return { params, salt: Buffer.from(salt!, 'base64url'), key: Buffer.from(key!, 'base64url') };
}

function derive(password: string, salt: Buffer, { N, r, p }: ScryptParams): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default maxmem (32 MiB) is below OWASP's parameters.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Letters and digits that are hard to confuse when read aloud or copied (no 0/O, 1/l/I). */
const READABLE = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random initial password (~83 bits at 14 characters), for resets and imports. */
export function generatePassword(length = 14): string {
  // 256 % 56 ≠ 0, so bytes past the last full multiple are dropped to keep the choice uniform.
  const limit = 256 - (256 % READABLE.length);
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && out.length < length) out += READABLE[byte % READABLE.length];
    }
  }
  return out;
}
