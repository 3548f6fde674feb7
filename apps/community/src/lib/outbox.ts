import { ApiError, apiRequest } from './api';
import { createOfflineQueue, type QueuedAction, type SendOutcome } from './offline-queue';
import { getSession } from './session';

/** The app's one offline queue (lib/offline-queue.ts) and how its actions reach the server. */
export const outbox = createOfflineQueue();

/**
 * How one action reached the server. `now`: the action the person just submitted. A 429 (their
 * account's limit, issue 20 item 11) refuses it with the server's message ("Comentaste muchas veces
 * seguidas. Vas a poder comentar de nuevo en 40 segundos."), so the screen shows it and keeps the
 * draft; an older queued action that meets a 429 waits in the queue for a later drain instead.
 */
export async function sendAction(
  action: QueuedAction,
  options: { now?: boolean } = {},
): Promise<SendOutcome> {
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
    if (error.status === 429 && options.now) return { status: 'refused', message: error.message };
    if (error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) {
      return { status: 'refused', message: error.message };
    }
    return { status: 'retry-later' };
  }
}

/**
 * Sends the signed-in seller's waiting actions, in order (nothing when signed out); `nowId` is the
 * action just submitted, if any (see sendAction).
 */
export async function flushOutbox(nowId?: string) {
  const session = getSession();
  if (!session) return null;
  return outbox.drain(session.user.id, (action) => sendAction(action, { now: action.id === nowId }));
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
      const result = await flushOutbox(action.id);
      if (!result || result.stopped) break;
    }
  } finally {
    stop();
  }
  return outcome ?? { status: 'queued' };
}
