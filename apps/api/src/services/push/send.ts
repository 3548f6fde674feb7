import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import {
  endpointProblem,
  type Lookup,
  type PushTargetPolicy,
  RefusedTargetError,
  resolvePushAddress,
} from './targets.ts';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface Vapid {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/**
 * What came of one send:
 * - `answered`: the push service answered with `status`;
 * - `timeout`: no whole answer within the send timeout (or the connection dropped mid-way);
 * - `network`: it could not be reached (refused connection, unknown name, bad certificate);
 * - `refused`: not sent: its host is not an allowed push service (`host`), or resolved to an
 *   address that is not public (`address`);
 * - `keys`: not sent: the subscription's keys cannot encrypt (not a P-256 point, short auth).
 */
export interface PushOutcome {
  kind: 'answered' | 'timeout' | 'network' | 'refused' | 'keys';
  status: number | null;
  /** Seconds, from Retry-After on 429/503. */
  retryAfter: number | null;
  error: string | null;
  /** With `refused`. */
  refused?: 'host' | 'address';
}

/** A push stays queued at the push service for a day at most. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** The VAPID JWT is signed for 12 h and reused per push service until 1 h before it expires. */
const VAPID_VALID_SECONDS = 12 * 60 * 60;
const VAPID_RENEW_SECONDS = 60 * 60;
/** How long a push service host's checked address is reused. */
const ADDRESS_TTL_MS = 60_000;

export interface PushSenderOptions {
  policy: PushTargetPolicy;
  /** The whole send (connection, request, answer) must end within this. */
  timeoutMs: number;
  /** Replaces the system resolver (tests). */
  lookup?: Lookup;
  /** Extra certificate authority to trust (the bench's own TLS push receiver). */
  ca?: string | Buffer;
}

/** Network errors worth another try later: the connection dropped, or the resolver timed out. */
const TRANSIENT = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED', 'EAI_AGAIN', 'ENETUNREACH']);

class SendTimeout extends Error {}

/**
 * Sends Web Push requests: encrypts the payload (aes128gcm, RFC 8291, through web-push), signs the
 * VAPID JWT (RFC 8292; one per push service origin, reused for hours), checks the target
 * (targets.ts) and POSTs to the very address that was checked, over keep-alive connections.
 */
export class PushSender {
  private readonly agents = {
    https: new https.Agent({ keepAlive: true, scheduling: 'lifo', maxFreeSockets: 256 }),
    http: new http.Agent({ keepAlive: true, scheduling: 'lifo', maxFreeSockets: 256 }),
  };
  private readonly jwts = new Map<string, { header: string; renewAt: number }>();
  private readonly addresses = new Map<string, { address: Promise<LookupAddress>; until: number }>();

  constructor(private readonly o: PushSenderOptions) {}

  /** `Authorization: vapid t=…, k=…` for the push service at `audience` (its origin). */
  vapidHeader(audience: string, vapid: Vapid): string {
    const key = `${audience} ${vapid.subject} ${vapid.publicKey}`;
    const now = Math.floor(Date.now() / 1000);
    const cached = this.jwts.get(key);
    if (cached && cached.renewAt > now) return cached.header;
    const header = webpush.getVapidHeaders(
      audience,
      vapid.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      now + VAPID_VALID_SECONDS,
    ).Authorization;
    if (this.jwts.size > 1000) this.jwts.clear();
    this.jwts.set(key, { header, renewAt: now + VAPID_VALID_SECONDS - VAPID_RENEW_SECONDS });
    return header;
  }

  /**
   * The checked address for a push service host, kept for a minute: one resolution per host and
   * minute instead of one per push (10 000 pushes go to one or two hosts). What is kept was checked,
   * and connections go to it, so a later DNS answer can still not reach another address.
   */
  private address(hostname: string): Promise<LookupAddress> {
    const now = Date.now();
    const cached = this.addresses.get(hostname);
    if (cached && cached.until > now) return cached.address;
    const address = resolvePushAddress(hostname, {
      lookup: this.o.lookup,
      localTestService: this.o.policy.localTestService,
    });
    if (this.addresses.size > 1000) this.addresses.clear();
    this.addresses.set(hostname, { address, until: now + ADDRESS_TTL_MS });
    // A failure is not kept: the next push asks again.
    address.catch(() => this.addresses.delete(hostname));
    return address;
  }

  async send(target: PushTarget, payload: string | Buffer, vapid: Vapid): Promise<PushOutcome> {
    const problem = endpointProblem(target.endpoint, this.o.policy);
    if (problem) {
      return refused(
        'host',
        `el endpoint no es de un servicio push permitido: ${target.endpoint.slice(0, 200)}`,
      );
    }
    const url = new URL(target.endpoint);
    let body: Buffer;
    try {
      body = webpush.encrypt(target.p256dh, target.auth, payload, 'aes128gcm').cipherText;
    } catch (error) {
      return {
        kind: 'keys',
        status: null,
        retryAfter: null,
        error: `claves inutilizables: ${message(error)}`,
      };
    }
    const headers = {
      TTL: String(PUSH_TTL_SECONDS),
      Urgency: 'normal',
      'Content-Type': 'application/octet-stream',
      'Content-Encoding': 'aes128gcm',
      'Content-Length': String(body.length),
      Authorization: this.vapidHeader(url.origin, vapid),
    };
    const deadline = AbortSignal.timeout(this.o.timeoutMs);
    let pinned: LookupAddress;
    try {
      pinned = await raceAbort(this.address(url.hostname), deadline);
    } catch (error) {
      if (error instanceof RefusedTargetError) return refused(error.reason, error.message);
      if (error instanceof SendTimeout) return timeout(this.o.timeoutMs);
      const code = (error as NodeJS.ErrnoException).code ?? '';
      return networkFailure(code, `${url.hostname}: ${message(error)}`);
    }
    return this.post(url, pinned, headers, body, deadline);
  }

  private post(
    url: URL,
    pinned: LookupAddress,
    headers: Record<string, string>,
    body: Buffer,
    deadline: AbortSignal,
  ): Promise<PushOutcome> {
    const secure = url.protocol === 'https:';
    return new Promise((resolve) => {
      let done = false;
      const finish = (outcome: PushOutcome) => {
        if (done) return;
        done = true;
        deadline.removeEventListener('abort', onAbort);
        resolve(outcome);
      };
      const req = (secure ? https : http).request({
        method: 'POST',
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || (secure ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        headers,
        agent: secure ? this.agents.https : this.agents.http,
        ...(secure && this.o.ca ? { ca: this.o.ca } : {}),
        // The connection goes to the checked address, whatever the resolver would answer now.
        lookup: ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
          if (options.all) callback(null, [pinned]);
          else callback(null, pinned.address, pinned.family);
        }) as never,
      });
      const onAbort = () => {
        req.destroy(new SendTimeout());
        finish(timeout(this.o.timeoutMs));
      };
      if (deadline.aborted) return onAbort();
      deadline.addEventListener('abort', onAbort, { once: true });
      req.on('error', (error) => {
        if (error instanceof SendTimeout) return;
        const code = (error as NodeJS.ErrnoException).code ?? '';
        finish(networkFailure(code, message(error)));
      });
      req.on('response', (res) => {
        const status = res.statusCode ?? 0;
        const ok = status >= 200 && status < 300;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (!ok && text.length < 300) text += chunk;
        });
        res.on('error', () => finish(timeout(this.o.timeoutMs)));
        res.on('end', () => {
          const retry = Number(res.headers['retry-after']);
          text = text.slice(0, 300);
          finish({
            kind: 'answered',
            status,
            retryAfter: Number.isFinite(retry) && retry > 0 ? retry : null,
            error: ok ? null : `HTTP ${status}${text ? `: ${text}` : ''}`,
          });
        });
      });
      req.end(body);
    });
  }

  /** Closes idle keep-alive connections (the app is closing). */
  close(): void {
    this.agents.https.destroy();
    this.agents.http.destroy();
  }
}

const message = (error: unknown) => ((error as Error)?.message ?? String(error)).slice(0, 300);

const refused = (reason: 'host' | 'address', error: string): PushOutcome => ({
  kind: 'refused',
  refused: reason,
  status: null,
  retryAfter: null,
  error,
});

const timeout = (ms: number): PushOutcome => ({
  kind: 'timeout',
  status: null,
  retryAfter: null,
  error: `sin respuesta en ${ms} ms`,
});

const networkFailure = (code: string, error: string): PushOutcome =>
  TRANSIENT.has(code)
    ? { kind: 'timeout', status: null, retryAfter: null, error }
    : { kind: 'network', status: null, retryAfter: null, error };

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new SendTimeout());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new SendTimeout());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
