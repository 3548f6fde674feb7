import { Modal } from '@mantine/core';
import { MEDIA_MSG, type TPost } from '@panel/shared';
import { PersonList } from '../../../components/person-list';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates/business-time';
import { usePostComments, usePostLikes } from '../api/get-post-reactions';

interface PostReactionsDialogProps {
  kind: 'likes' | 'comments';
  /** The post whose likes or comments are shown; null when closed. */
  post: TPost | null;
  opened: boolean;
  onClose: () => void;
}

/** "Me gusta (N)" and "Comentarios (N)" (docs/product.md#posts). */
export function PostReactionsDialog({ kind, post, opened, onClose }: PostReactionsDialogProps) {
  const postId = opened && post ? post.id : null;
  const likes = usePostLikes(kind === 'likes' ? postId : null);
  const comments = usePostComments(kind === 'comments' ? postId : null);
  const query = kind === 'likes' ? likes : comments;
  const pages = query.data?.pages ?? [];
  const total = pages[0]?.meta.total ?? (kind === 'likes' ? post?.likes_count : post?.comments_count) ?? 0;
  const items = pages.flatMap((p) =>
    p.data.map((r) => ({
      id: r.id,
      name: r.user_name,
      avatar: r.user_avatar,
      when: formatDateTime(r.created_at),
      body: 'content' in r ? String(r.content) : undefined,
    })),
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={kind === 'likes' ? `Me gusta (${total})` : `Comentarios (${total})`}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <PersonList
        items={items}
        loading={query.isPending && postId !== null}
        error={query.isError ? errorMessage(query.error, 'Error al cargar datos') : null}
        retry={query.isError ? { onRetry: query.refetch, loading: query.isFetching } : null}
        emptyText={kind === 'likes' ? MEDIA_MSG.noLikes : MEDIA_MSG.noComments}
        hasMore={query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        onMore={() => query.fetchNextPage()}
      />
    </Modal>
  );
}
