// The bench's local push service, in its own process so its work does not count against the
// sender's event loop. HTTPS (a certificate made for the run), keep-alive, like FCM:
//   POST /push/<i>  a device: counted, its arrival time kept, every SAMPLE_EVERY-th push decrypted
//                   (aes128gcm, RFC 8188/8291) and its VAPID JWT verified, as the API tests'
//                   receiver does (apps/api/src/testing/push-service.ts); answers 201;
//   POST /dead/<i>  a dead endpoint: read, never answered (the sender's timeout ends it);
//   GET /stats      counts; with ?arrivals=1 the arrival times (ms since the epoch) of every push;
//   POST /reset     forgets the counts; its body `{vapidKey}` is the key the JWTs must carry.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { decryptAes128gcm, verifyVapid } from '../../apps/api/src/testing/push-service.ts';
import { deviceKeys } from './keys.ts';

const SAMPLE_EVERY = Number(process.env.SAMPLE_EVERY ?? 100);
let vapidKey = '';
let arrivals: number[] = [];
let received = 0;
let sampled = 0;
let failures: string[] = [];
let dead = 0;

const server = createServer(
  {
    key: readFileSync(process.env.TLS_KEY!),
    cert: readFileSync(process.env.TLS_CERT!),
    keepAliveTimeout: 30_000,
  },
  (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'https://localhost');
      const [, kind, id] = url.pathname.split('/');
      if (req.method === 'GET' && kind === 'stats') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            received,
            sampled,
            failures: failures.slice(0, 5),
            failed: failures.length,
            dead,
            arrivals: url.searchParams.has('arrivals') ? arrivals : undefined,
          }),
        );
        return;
      }
      if (req.method === 'POST' && kind === 'reset') {
        vapidKey = JSON.parse(Buffer.concat(chunks).toString() || '{}').vapidKey ?? vapidKey;
        arrivals = [];
        received = 0;
        sampled = 0;
        failures = [];
        dead = 0;
        res.writeHead(204).end();
        return;
      }
      if (kind === 'dead') {
        dead++;
        return; // never answered
      }
      if (kind !== 'push') {
        res.writeHead(404).end();
        return;
      }
      const n = Number(id);
      arrivals.push(performance.timeOrigin + performance.now());
      received++;
      if (n % SAMPLE_EVERY === 0) {
        try {
          if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
          verifyVapid(req.headers.authorization, vapidKey);
          const keys = deviceKeys(n);
          const plain = JSON.parse(
            decryptAes128gcm(Buffer.concat(chunks), keys.private, keys.public, keys.auth).toString(),
          );
          if (typeof plain.title !== 'string' || typeof plain.notification_id !== 'number')
            throw new Error('payload');
          sampled++;
        } catch (error) {
          failures.push(`${n}: ${(error as Error).message}`);
        }
      }
      res.writeHead(201).end();
    });
  },
);
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
process.on('disconnect', () => process.exit(0));
