import type { TAppPost } from '@panel/shared';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import type { QueuedAction } from '../lib/offline-queue';
import { submitAction } from '../lib/outbox';
import { showToast } from '../lib/toast';

/** The post's like state with the seller's waiting like or unlike applied on top. */
export function likeState(post: TAppPost, pending: QueuedAction[]) {
  const waiting = pending.find((a) => a.key === `like:${post.id}`);
  if (!waiting) return { liked: post.liked_by_me, count: post.likes_count, waiting: false };
  const liked = waiting.kind === 'like';
  const delta = liked === post.liked_by_me ? 0 : liked ? 1 : -1;
  return { liked, count: Math.max(0, post.likes_count + delta), waiting: true };
}

/**
 * Like and unlike through the offline queue: the new state shows at once; offline it waits in the
 * queue (and shows as waiting) and is sent when the connection returns.
 */
export function LikeButton({ post, pending }: { post: TAppPost; pending: QueuedAction[] }) {
  const { liked, count, waiting } = likeState(post, pending);

  async function toggle() {
    const next = !liked;
    const result = await submitAction({
      kind: next ? 'like' : 'unlike',
      method: next ? 'POST' : 'DELETE',
      path: `/app/posts/${post.id}/like`,
      key: `like:${post.id}`,
    });
    // The server said no (too many in a row, the post is gone): say why; the heart shows its state.
    if (result.status === 'refused') showToast(result.message, 'error');
  }

  const Icon = liked ? IconHeartFilled : IconHeart;
  // Named by what it shows ("12 me gusta", WCAG 2.5.3); pressed says whether the seller's like is on.
  return (
    <button
      type="button"
      className={`action${liked ? ' action--liked' : ''}`}
      aria-pressed={liked}
      onClick={toggle}
    >
      <Icon size={22} aria-hidden />
      <span>
        {count} <span className="visually-hidden">me gusta</span>
      </span>
      {waiting && <span className="badge-pending">pendiente</span>}
    </button>
  );
}
