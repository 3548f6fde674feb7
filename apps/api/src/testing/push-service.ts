import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestContext, type TestAppOptions, type TestContext } from './test-app.ts';

/**
 * A local Web Push service for tests: it accepts pushes like FCM or Mozilla's autopush do,
 * checks the VAPID JWT (ES256) and decrypts the aes128gcm body (RFC 8188 + RFC 8291) with the
 * device keys it handed out, using only node:crypto, so the test checks the bytes the server
 * really sent and not web-push's own round trip.
 */

export interface Device {
  /** What the browser's PushSubscription.toJSON() would give. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Answers to give, in order (then 201 for ever). */
  answers: number[];
  /** Responses held until released (to prove a caller does not wait). */
  hold: boolean;
  release(): void;
}

export interface ReceivedPush {
  device: string;
  payload: unknown;
  status: number;
  headers: IncomingMessage['headers'];
  jwt: { aud: string; sub: string; exp: number };
}

const b64u = (buf: Buffer) => buf.toString('base64url');

/** A subscription's keys as a browser makes them (for a subscription no push is sent to). */
export const browserKeys = () => {
  const ecdh = createECDH('prime256v1');
  return { p256dh: b64u(ecdh.generateKeys()), auth: b64u(randomBytes(16)) };
};

export function decryptAes128gcm(
  body: Buffer,
  uaPrivate: Buffer,
  uaPublic: Buffer,
  authSecret: Buffer,
): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idLen = body[20]!;
  const asPublic = body.subarray(21, 21 + idLen);
  const records = body.subarray(21 + idLen);
  if (records.length > rs) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(uaPrivate);
  const secret = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('missing last-record delimiter');
  return padded.subarray(0, end);
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>` and returns the JWT's claims. */
export function verifyVapid(header: string | undefined, expectedKey: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  if (k !== expectedKey) throw new Error('VAPID key is not the server public key');
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('bad VAPID signature');
  if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; sub: string; exp: number };
}

export class LocalPushService {
  readonly received: ReceivedPush[] = [];
  private readonly devices = new Map<
    string,
    Device & { uaPrivate: Buffer; uaPublic: Buffer; auth: Buffer }
  >();
  private server: Server | null = null;
  private waiters: { count: number; resolve: () => void }[] = [];
  private held: (() => void)[] = [];
  /** Held answers whose sender is still waiting (its connection open). */
  heldOpen = 0;
  origin = '';
  /** The VAPID public key the pushes must be signed with. */
  vapidKey = '';
  /** Every answer waits this long (a slow push service: sends stay in flight, claimed). */
  delayMs = 0;

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Answers every held push now. */
  releaseAll(): void {
    for (const release of this.held.splice(0)) release();
  }

  async stop(): Promise<void> {
    for (const release of this.held) release();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** A new device (browser profile) with its own keys and endpoint. */
  device(name: string, answers: number[] = []): Device {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const uaPublic = ecdh.getPublicKey();
    const device = {
      subscription: {
        endpoint: `${this.origin}/push/${name}`,
        keys: { p256dh: b64u(uaPublic), auth: b64u(auth) },
      },
      answers,
      hold: false,
      release: () => {},
      uaPrivate: ecdh.getPrivateKey(),
      uaPublic,
      auth,
    };
    this.devices.set(name, device);
    return device;
  }

  /** Resolves once `count` pushes in all have arrived. */
  waitFor(count: number): Promise<void> {
    if (this.received.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const name = (req.url ?? '').replace(/^\/push\//, '');
    const device = this.devices.get(name);
    if (!device) {
      res.writeHead(404).end();
      return;
    }
    const status = device.answers.length > 0 ? device.answers.shift()! : 201;
    try {
      if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
      const jwt = verifyVapid(req.headers.authorization, this.vapidKey);
      const plain = decryptAes128gcm(Buffer.concat(chunks), device.uaPrivate, device.uaPublic, device.auth);
      this.received.push({
        device: name,
        payload: JSON.parse(plain.toString('utf8')),
        status,
        headers: req.headers,
        jwt,
      });
    } catch (error) {
      res.writeHead(400).end((error as Error).message);
      return;
    }
    const answer = () => {
      if (!res.headersSent && !res.destroyed) res.writeHead(status).end();
    };
    if (device.hold) {
      this.held.push(answer);
      device.release = answer;
      this.heldOpen++;
      res.on('close', () => this.heldOpen--);
    } else if (this.delayMs > 0) {
      setTimeout(answer, this.delayMs);
    } else {
      answer();
    }
    this.waiters = this.waiters.filter((w) => {
      if (this.received.length >= w.count) w.resolve();
      return this.received.length < w.count;
    });
  }
}

/**
 * A test context whose pushes go to a new LocalPushService: the app reaches it through the
 * programmatic test switch (`localTestService`), runs no background worker (a test drains the queue
 * itself), has a real VAPID subject unless `env` says otherwise, and the service checks the app's
 * VAPID key. The caller closes the context, then stops the service.
 */
export async function createPushTestContext(
  options: Omit<TestAppOptions, 'push'> = {},
): Promise<{ ctx: TestContext; service: LocalPushService }> {
  const service = new LocalPushService();
  await service.start();
  try {
    const ctx = await createTestContext({
      ...options,
      push: { worker: false, localTestService: true },
      env: { VAPID_SUBJECT: 'mailto:soporte@empresa.com.ar', ...options.env },
    });
    service.vapidKey = (await ctx.app.push.keys()).publicKey;
    return { ctx, service };
  } catch (error) {
    await service.stop();
    throw error;
  }
}
