import { ApiError, apiRequest } from './api';
import { createOfflineQueue, type QueuedAction, type SendOutcome } from './offline-queue';
import { getSession } from './session';

/** The app's one offline queue (lib/offline-queue.ts) and how its actions reach the server. */
export const outbox = createOfflineQueue();

export async function sendAction(action: QueuedAction): Promise<SendOutcome> {
  try {
    const data = await apiRequest<unknown>(action.path, {
      method: action.method,
      body: action.body,
      headers: action.idempotencyKey ? { 'Idempotency-Key': action.idempotencyKey } : undefined,
    });
    return { status: 'done', data };
  } catch (error) {
    if (!(error instanceof ApiError)) return { status: 'retry-later' };
    if (error.isNetwork) return { status: 'offline' };
    if (error.status === 401) return { status: 'unauthorized' };
    // A survey answers once: a 409 on a replay means it is already in (docs/community-app-api.md).
    if (error.status === 409 && action.kind === 'answer') return { status: 'done', data: null };
    if (error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) {
      return { status: 'refused', message: error.message };
    }
    return { status: 'retry-later' };
  }
}

/** Sends the signed-in seller's waiting actions, in order (nothing when signed out). */
export async function flushOutbox() {
  const session = getSession();
  if (!session) return null;
  return outbox.drain(session.user.id, sendAction);
}

export type SubmitResult =
  | { status: 'sent'; data: unknown }
  | { status: 'queued' }
  | { status: 'refused'; message: string };

export type NewAction = Omit<QueuedAction, 'id' | 'createdAt' | 'userId'>;

/**
 * Saves the action in the queue, then tries to send the queue. 'sent' or 'refused' when the server
 * answered this action now; 'queued' when it waits for the connection (or for a new sign-in).
 */
export async function submitAction(input: NewAction): Promise<SubmitResult> {
  const session = getSession();
  if (!session) return { status: 'queued' };
  const action = await outbox.add({ ...input, userId: session.user.id });
  let outcome: SubmitResult | null = null;
  const stop = outbox.subscribe((event) => {
    if (event.type === 'sent' && event.action.id === action.id)
      outcome = { status: 'sent', data: event.data };
    if (event.type === 'refused' && event.action.id === action.id) {
      outcome = { status: 'refused', message: event.message };
    }
  });
  try {
    // A drain that was finishing as this action was added may have missed it: a second one sends it.
    for (let attempt = 0; attempt < 2 && !outcome; attempt++) {
      const result = await flushOutbox();
      if (!result || result.stopped) break;
    }
  } finally {
    stop();
  }
  return outcome ?? { status: 'queued' };
}
