import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));

/**
 * A software passkey for the API tests: an ES256 key pair that answers WebAuthn ceremonies as a
 * device would (attestation "none", user present and verified), so the server's checks run on real
 * signatures. The browser tests use Chromium's virtual authenticator instead.
 */
export class SoftPasskey {
  readonly credentialId = randomBytes(16);
  readonly #keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  #counter = 0;

  constructor(
    readonly rpId = 'localhost',
    readonly origin = 'http://localhost:3000',
  ) {}

  get id(): string {
    return b64(this.credentialId);
  }

  #clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  #authData(flags: number, attested?: Buffer): Buffer {
    const rpIdHash = createHash('sha256').update(this.rpId).digest();
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.#counter);
    return Buffer.concat([rpIdHash, Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  /** The answer to `navigator.credentials.create` for these options (RegistrationResponseJSON). */
  register(options: { challenge: string }, { origin = this.origin, verified = true } = {}) {
    const jwk = (this.#keys.publicKey as KeyObject).export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
    const authData = this.#authData(0x41 | (verified ? 0x04 : 0), attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(this.#clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** The answer to `navigator.credentials.get` for these options (AuthenticationResponseJSON). */
  signIn(options: { challenge: string }, { origin = this.origin, counter = this.#counter + 1 } = {}) {
    this.#counter = counter;
    const authData = this.#authData(0x05);
    const clientData = this.#clientData('webauthn.get', options.challenge, origin);
    const signer = createSign('SHA256');
    signer.update(Buffer.concat([authData, createHash('sha256').update(clientData).digest()]));
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(clientData),
        authenticatorData: b64(authData),
        signature: b64(signer.sign(this.#keys.privateKey)),
      },
      clientExtensionResults: {},
    };
  }
}
