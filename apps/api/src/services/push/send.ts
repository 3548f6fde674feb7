import type { TPushPayload } from '@panel/shared';
import webpush from 'web-push';

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

/** What the push service answered: a status (or none when it could not be reached). */
export interface PushOutcome {
  status: number | null;
  /** Seconds, from Retry-After on 429/503. */
  retryAfter: number | null;
  error: string | null;
}

/** A push stays queued at the push service for a day at most. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 15_000;

/**
 * One push: web-push encrypts the payload (aes128gcm, RFC 8291) and signs the VAPID JWT
 * (RFC 8292); the request itself goes through fetch, with a timeout, so its answer can be
 * classified by the queue (services/push/worker.ts).
 */
export async function sendPush(
  target: PushTarget,
  payload: TPushPayload,
  vapid: Vapid,
): Promise<PushOutcome> {
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: vapid,
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
    },
  );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) {
    // fetch sets Content-Length from the body itself.
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  }
  try {
    const res = await fetch(details.endpoint, {
      method: 'POST',
      headers,
      body: details.body ? new Uint8Array(details.body as Buffer) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = res.ok ? '' : (await res.text().catch(() => '')).slice(0, 300);
    const retry = Number(res.headers.get('retry-after'));
    return {
      status: res.status,
      retryAfter: Number.isFinite(retry) && retry > 0 ? retry : null,
      error: res.ok ? null : `HTTP ${res.status}${text ? `: ${text}` : ''}`,
    };
  } catch (error) {
    return { status: null, retryAfter: null, error: (error as Error).message.slice(0, 300) };
  }
}
