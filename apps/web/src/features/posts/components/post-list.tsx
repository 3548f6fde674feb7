import { Stack, UnstyledButton } from '@mantine/core';
import { MEDIA_MSG, type TPost } from '@panel/shared';
import { IconClockEdit, IconHeart, IconMessageCircle } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { ConfirmDialog, useConfirmDelete } from '../../../components/confirm-dialog';
import { ReceiptLink } from '../../../components/receipt-link';
import { ClampedText } from '../../../components/resource-list/clamped-text';
import { idFilterProps } from '../../../components/resource-list/list-filters';
import {
  ResourceList,
  type ResourceListAction,
  type ResourceListBulkDelete,
  type ResourceListCard,
  type ResourceListColumn,
} from '../../../components/resource-list/resource-list';
import { useListParams } from '../../../components/resource-list/use-list-params';
import { PublicationDialog } from '../../../components/schedule-field/publication-dialog';
import { ScheduledBadge } from '../../../components/schedule-field/scheduled-badge';
import { BranchSelect } from '../../../components/selects/branch-select';
import { formatDateTime } from '../../../lib/dates/business-time';
import { useDeletePost } from '../api/delete-post';
import { usePosts } from '../api/get-posts';
import { PostCreateDialog } from './post-create-dialog';
import classes from './post-list.module.css';
import { PostReactionsDialog } from './post-reactions-dialog';
import { PostCover, PostThumbnails } from './post-thumbnails';
import { PostViewersDialog, seenLabel } from './post-viewers-dialog';

const postId = (p: TPost) => p.id;
const postName = (p: TPost) => `la publicación de ${p.user_name}`;

/** "Vista por N de M" under the post: opens who saw it and who has not. */
function PostReach({ post, onOpen }: { post: TPost; onOpen: (p: TPost) => void }) {
  return (
    <ReceiptLink
      label={seenLabel({ seen: post.seen_count, audience: post.audience_count })}
      action="ver quiénes la vieron"
      onClick={() => onOpen(post)}
    />
  );
}

const cardWith = (openViewers: (p: TPost) => void): ResourceListCard<TPost> => ({
  primary: (p) => (
    <Stack gap={4}>
      <ClampedText lines={3}>{p.content}</ClampedText>
      {p.publish_at ? (
        <ScheduledBadge publishAt={p.publish_at} />
      ) : (
        <PostReach post={p} onOpen={openViewers} />
      )}
    </Stack>
  ),
  secondary: (p) => `${p.user_name} · ${p.branch_name ?? 'Todas'}`,
  figures: ['likes_count', 'comments_count', 'created_at'],
  thumbnail: (p) => <PostCover images={p.images} />,
});

/** "Eliminar seleccionadas" (issue 21, item 10): one request, all or nothing. */
const BULK_DELETE: ResourceListBulkDelete<TPost> = {
  resource: 'posts',
  noun: { one: 'publicación', many: 'publicaciones' },
  rowLabel: (p) => `Seleccionar la publicación de ${p.user_name} del ${formatDateTime(p.created_at)}`,
  failure: 'Error al eliminar publicaciones',
};

/** /posts, "Publicaciones" (docs/product.md#posts): add and delete, no edit. */
export function PostList() {
  const params = useListParams({ filters: ['branch_id'] as const });
  const result = usePosts(params.query);
  const deletePost = useDeletePost();
  const deletion = useConfirmDelete({
    remove: (row: TPost) => deletePost.mutateAsync(row.id),
    success: MEDIA_MSG.postDeleted,
    failure: MEDIA_MSG.postDeleteError,
  });
  const [createOpened, setCreateOpened] = useState(false);
  const [reactions, setReactions] = useState<{ kind: 'likes' | 'comments'; post: TPost } | null>(null);
  const [reactionsOpened, setReactionsOpened] = useState(false);

  const openReactions = useCallback((kind: 'likes' | 'comments', post: TPost) => {
    setReactions({ kind, post });
    setReactionsOpened(true);
  }, []);
  const [viewers, setViewers] = useState<TPost | null>(null);
  const [viewersOpened, setViewersOpened] = useState(false);
  const openViewers = useCallback((post: TPost) => {
    setViewers(post);
    setViewersOpened(true);
  }, []);
  const card = useMemo(() => cardWith(openViewers), [openViewers]);
  // A scheduled post's "Programación": moved to another time, or published now.
  const [scheduling, setScheduling] = useState<TPost | null>(null);
  const [schedulingOpened, setSchedulingOpened] = useState(false);
  const rowActions = useMemo<ResourceListAction<TPost>[]>(
    () => [
      {
        key: 'schedule',
        label: 'Programación',
        icon: IconClockEdit,
        ariaLabel: (p) => `Cambiar la programación de ${postName(p)}`,
        hidden: (p) => !p.publish_at,
        onClick: (p) => {
          setScheduling(p);
          setSchedulingOpened(true);
        },
      },
    ],
    [],
  );

  // Stable, so the memoized rows of a 100-row page do not render again when the page state changes.
  // The counts open the likes and comments, so they never give way: below that room the list is cards.
  const columns = useMemo<ResourceListColumn<TPost>[]>(
    () => [
      {
        key: 'images',
        header: 'Vista previa',
        width: 160,
        priority: 2,
        render: (p) => <PostThumbnails images={p.images} />,
      },
      {
        key: 'content',
        header: 'Contenido',
        minWidth: 180,
        // Plain text: content with HTML or script is shown as typed, never run.
        render: (p) => (
          <Stack gap={4}>
            <ClampedText className={classes.content}>{p.content}</ClampedText>
            {p.publish_at ? (
              <ScheduledBadge publishAt={p.publish_at} />
            ) : (
              <PostReach post={p} onOpen={openViewers} />
            )}
          </Stack>
        ),
      },
      { key: 'user_name', header: 'Autor', width: 136, priority: 2 },
      {
        key: 'branch_name',
        header: 'Sucursal',
        width: 124,
        priority: 3,
        render: (p) => p.branch_name ?? 'Todas',
      },
      {
        key: 'likes_count',
        header: 'Me gusta',
        sortable: true,
        width: 104,
        render: (p) => (
          <UnstyledButton
            className={classes.count}
            aria-label={`Ver los ${p.likes_count} me gusta`}
            onClick={() => openReactions('likes', p)}
          >
            <IconHeart size={15} aria-hidden />
            {p.likes_count}
          </UnstyledButton>
        ),
      },
      {
        key: 'comments_count',
        header: 'Comentarios',
        sortable: true,
        width: 128,
        render: (p) => (
          <UnstyledButton
            className={classes.count}
            aria-label={`Ver los ${p.comments_count} comentarios`}
            onClick={() => openReactions('comments', p)}
          >
            <IconMessageCircle size={15} aria-hidden />
            {p.comments_count}
          </UnstyledButton>
        ),
      },
      {
        key: 'created_at',
        header: 'Fecha',
        sortable: true,
        width: 140,
        render: (p) => formatDateTime(p.created_at),
      },
    ],
    [openReactions, openViewers],
  );

  return (
    <>
      <ResourceList
        title="Publicaciones"
        subtitle="Lo que el equipo ve en el muro de la app, con sus me gusta y comentarios."
        breadcrumb="Inicio / Publicaciones"
        searchPlaceholder="Buscar por contenido..."
        params={params}
        result={result}
        columns={columns}
        card={card}
        getRowId={postId}
        getRowName={postName}
        errorText={MEDIA_MSG.postsLoadError}
        onAdd={() => setCreateOpened(true)}
        onDelete={deletion.ask}
        rowActions={rowActions}
        bulkDelete={BULK_DELETE}
        filters={
          <BranchSelect
            label="Sucursal"
            placeholder="Todas"
            clearable
            {...idFilterProps(params, 'branch_id')}
          />
        }
      />
      <PostCreateDialog opened={createOpened} onClose={() => setCreateOpened(false)} />
      <PublicationDialog
        opened={schedulingOpened}
        resource="posts"
        record={scheduling}
        title="Programación de la publicación"
        summary={(p) => p.content}
        onClose={() => setSchedulingOpened(false)}
      />
      <PostReactionsDialog
        kind={reactions?.kind ?? 'likes'}
        post={reactions?.post ?? null}
        opened={reactionsOpened}
        onClose={() => setReactionsOpened(false)}
      />
      <PostViewersDialog post={viewers} opened={viewersOpened} onClose={() => setViewersOpened(false)} />
      <ConfirmDialog
        {...deletion.dialog}
        title="Eliminar publicación"
        message="¿Estás seguro que deseas eliminar esta publicación?"
      />
    </>
  );
}

export default PostList;
