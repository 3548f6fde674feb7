import type { TAppPost } from '@panel/shared';
import { timeAgo } from '../lib/time-ago';
import { Avatar } from './avatar';

/** Author, branch ("Todas las sucursales" for a post to everyone) and how long ago. */
export function PostHeader({ post }: { post: TAppPost }) {
  return (
    <div className="post__header">
      <Avatar name={post.user_name} url={post.user_avatar} />
      <div>
        <div className="post__author">{post.user_name}</div>
        <div className="post__meta">
          {post.branch_name ?? 'Todas las sucursales'} ·{' '}
          <time
            dateTime={post.created_at}
            // The full date on hover, written when it is wanted: formatting it for every post would load
            // ICU's data on Inicio's first render (lib/time-ago.ts).
            onPointerEnter={(e) => {
              e.currentTarget.title ||= new Date(post.created_at).toLocaleString('es-AR');
            }}
          >
            {timeAgo(post.created_at)}
          </time>
        </div>
      </div>
    </div>
  );
}
