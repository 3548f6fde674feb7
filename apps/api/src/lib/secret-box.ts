import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for secrets at rest (branch connection strings). The key is derived from
 * APP_SECRET with HKDF-SHA256, so APP_SECRET itself never encrypts anything directly.
 * Stored form: v1.<iv>.<tag>.<ciphertext>, each part base64url.
 */
export interface SecretBox {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

const IV_LENGTH = 12;

export function createSecretBox(appSecret: string, purpose = 'branch-connection-string'): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'panel-admin', `secret-box:${purpose}:v1`, 32));
  return {
    encrypt(plain) {
      const iv = randomBytes(IV_LENGTH);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ['v1', iv, tag, data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unknown secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
      return plain.toString('utf8');
    },
  };
}
