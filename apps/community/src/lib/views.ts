import { useCallback, useRef } from 'react';
import { flushOutbox, outbox } from './outbox';
import { getSession } from './session';
import { createViewTracker, type ViewBatch } from './view-tracker';

/**
 * A batch of views joins the outbox like a like does (POST /api/app/views): written to IndexedDB
 * first, sent now when online, and from the queue when the connection returns.
 */
async function queueViews(batch: ViewBatch) {
  const session = getSession();
  if (!session) return;
  await outbox.add({
    userId: session.user.id,
    kind: 'views',
    method: 'POST',
    path: '/app/views',
    body: batch,
  });
  void flushOutbox();
}

/** The app's one tracker: the feed's cards, the post screen and the story viewer report to it. */
export const views = createViewTracker({
  send: queueViews,
  observe:
    typeof IntersectionObserver === 'undefined'
      ? undefined
      : (callback, options) => new IntersectionObserver(callback, options),
});

if (typeof document !== 'undefined') {
  // The seller leaves or switches apps: what is gathered goes to the queue now.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') views.flush();
  });
  window.addEventListener('pagehide', () => views.flush());
}

/**
 * Counts the post as seen once half of the element stays on screen for a second: a callback ref, so
 * an element that appears later (the post screen once loaded) is watched too.
 */
export function useSeenPost<T extends Element>(postId: number) {
  const stop = useRef<(() => void) | null>(null);
  return useCallback(
    (element: T | null) => {
      stop.current?.();
      stop.current = element ? views.watchPost(element, postId) : null;
    },
    [postId],
  );
}
