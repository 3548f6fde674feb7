import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { QueuedAction } from './offline-queue';
import { flushOutbox, outbox } from './outbox';
import { bumpComments, patchPost } from './post-cache';
import { qk } from './query-keys';
import { useSessionState } from './session';
import { showToast } from './toast';

/** The signed-in seller's actions still waiting in the queue (but views), kept current. */
export function usePendingActions(): QueuedAction[] {
  const { session } = useSessionState();
  const userId = session?.user.id;
  const [items, setItems] = useState<QueuedAction[]>([]);
  useEffect(() => {
    let alive = true;
    const load = () =>
      outbox.list().then((all) => {
        // An empty queue stays the same array: every post card takes it, and a new one renders them all again.
        // Views are shown nowhere: leaving them out spares every card a render per batch.
        const mine = all.filter((item) => item.userId === userId && item.kind !== 'views');
        if (alive) setItems((previous) => (mine.length === 0 && previous.length === 0 ? previous : mine));
      });
    load();
    const stop = outbox.subscribe((event) => {
      if (event.type === 'changed') load();
    });
    return () => {
      alive = false;
      stop();
    };
  }, [userId]);
  return items;
}

const REFUSED: Record<QueuedAction['kind'], string> = {
  like: 'No se pudo enviar tu me gusta',
  unlike: 'No se pudo quitar tu me gusta',
  comment: 'No se pudo enviar tu comentario',
  answer: 'No se pudo enviar tu respuesta',
  views: '',
};

/**
 * Sends the queue when the app starts, when the connection returns and when the app comes back to
 * the foreground; updates what a sent action changed; says when the server refused one.
 */
export function useOutboxSync() {
  const queryClient = useQueryClient();
  const { session } = useSessionState();
  const signedIn = Boolean(session);

  useEffect(() => {
    if (!signedIn) return;
    const flush = () => void flushOutbox();
    const onVisible = () => {
      if (document.visibilityState === 'visible') flush();
    };
    flush();
    window.addEventListener('online', flush);
    document.addEventListener('visibilitychange', onVisible);
    const stop = outbox.subscribe((event) => {
      if (event.type === 'refused') {
        // A view the server refused (a 400) is nothing the seller did: dropped without a word.
        if (event.action.kind === 'views') return;
        showToast(`${REFUSED[event.action.kind]}: ${event.message}`, 'error');
        return;
      }
      if (event.type !== 'sent') return;
      const { kind, path } = event.action;
      if (kind === 'views') {
        // A story seen for the first time may have earned view_story; and the stories row, if it was read
        // again before the batch arrived, showed them unseen.
        const { data } = event.data as { data: { points_awarded: number; stories_recorded: number } };
        if (data.points_awarded > 0) void queryClient.invalidateQueries({ queryKey: qk.points });
        if (data.stories_recorded > 0) void queryClient.invalidateQueries({ queryKey: qk.stories });
        return;
      }
      void queryClient.invalidateQueries({ queryKey: qk.points });
      if (kind === 'answer') {
        void queryClient.invalidateQueries({ queryKey: qk.surveys });
        // Avisos' reminders count what is still unanswered.
        void queryClient.invalidateQueries({ queryKey: qk.unread });
        return;
      }
      const postId = Number(/\/posts\/(\d+)/.exec(path)?.[1]);
      if (!postId) return;
      if (kind === 'like' || kind === 'unlike') {
        const { data } = event.data as { data: { liked: boolean; likes_count: number } };
        patchPost(queryClient, postId, { liked_by_me: data.liked, likes_count: data.likes_count });
      } else {
        bumpComments(queryClient, postId);
        // The comments open on their last page, computed from the post's count: refresh the post first.
        void queryClient
          .invalidateQueries({ queryKey: qk.post(postId) })
          .then(() => queryClient.resetQueries({ queryKey: qk.comments(postId) }));
      }
    });
    return () => {
      window.removeEventListener('online', flush);
      document.removeEventListener('visibilitychange', onVisible);
      stop();
    };
  }, [signedIn, queryClient]);
}
