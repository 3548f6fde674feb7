import type { TAppPost } from '@panel/shared';
import { IconMessageCircle } from '@tabler/icons-react';
import { memo } from 'react';
import { Link } from 'wouter';
import { Gallery } from '../../components/gallery';
import { LikeButton } from '../../components/like-button';
import { PostHeader } from '../../components/post-header';
import type { QueuedAction } from '../../lib/offline-queue';
import { useSeenPost } from '../../lib/views';

/** Memoised: the list renders again as its query's state changes, and a post that did not change is left as it is. */
export const PostCard = memo(function PostCard({
  post,
  pending,
  priority = false,
}: {
  post: TAppPost;
  pending: QueuedAction[];
  /** The list's first post: its first image is fetched at once (the screen's largest paint). */
  priority?: boolean;
}) {
  // Half of it on screen for a second: seen ("Vista por N de M" in the panel).
  const seen = useSeenPost<HTMLElement>(post.id);
  return (
    <article ref={seen} className="post card" aria-labelledby={`post-${post.id}-author`}>
      <span id={`post-${post.id}-author`} className="visually-hidden">
        Publicación de {post.user_name}
      </span>
      <PostHeader post={post} />
      {post.content && <p className="post__content">{post.content}</p>}
      <Gallery images={post.images} label={`la publicación de ${post.user_name}`} priority={priority} />
      <div className="post__actions">
        <LikeButton post={post} pending={pending} />
        {/* Named by what it shows, "3 comentarios" (WCAG 2.5.3), as the like button is. */}
        <Link href={`/publicacion/${post.id}`} className="action">
          <IconMessageCircle size={22} aria-hidden />
          <span>
            {post.comments_count}{' '}
            <span className="visually-hidden">
              {post.comments_count === 1 ? 'comentario' : 'comentarios'}
            </span>
          </span>
        </Link>
      </div>
    </article>
  );
});
