import { Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TPost } from '@panel/shared';
import { useState } from 'react';
import { PersonList } from '../../../components/person-list';
import { formatDateTime } from '../../../lib/dates/business-time';
import { usePostReach, usePostViewers } from '../api/get-post-viewers';

/** "Vista por 12 de 30" (docs/product.md#posts): of the active sellers who see it, those who saw it in the app. */
export const seenLabel = (p: { seen: number; audience: number }) => `Vista por ${p.seen} de ${p.audience}`;

interface Props {
  post: TPost | null;
  opened: boolean;
  onClose: () => void;
}

/**
 * Who saw a post ("Vieron", newest first) and who has not yet ("No vieron": the people to nudge), 50 at
 * a time, with the reach per branch.
 */
export function PostViewersDialog({ post, opened, onClose }: Props) {
  const narrow = useMediaQuery('(max-width: 47.99em)');
  const [tab, setTab] = useState<'seen' | 'unseen'>('seen');
  const postId = opened && post ? post.id : null;
  const reach = usePostReach(postId);
  const viewers = usePostViewers(postId, tab === 'seen');
  const items = viewers.isError
    ? []
    : (viewers.data?.pages ?? []).flatMap((p) =>
        p.data.map((v) => ({
          id: v.user_id,
          name: v.name,
          avatar: null,
          when: [v.viewed_at ? formatDateTime(v.viewed_at) : null, v.branch_name ?? 'Sin sucursal']
            .filter(Boolean)
            .join(' · '),
        })),
      );
  const totals = reach.data?.data ?? (post ? { seen: post.seen_count, audience: post.audience_count } : null);
  const branches = reach.data?.data.by_branch ?? [];
  return (
    <Modal
      opened={opened}
      onClose={() => {
        onClose();
        setTab('seen');
      }}
      fullScreen={narrow}
      title={totals ? `${seenLabel(totals)}: la publicación de ${post?.user_name ?? ''}` : 'Vista por'}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      styles={{ title: { overflowWrap: 'anywhere' } }}
    >
      <Stack gap="sm">
        {branches.length > 1 && (
          <Stack gap={2} aria-label="Por sucursal">
            {branches.map((b) => (
              <Text key={b.branch_id} size="xs" c="dimmed">
                {b.branch_name}: {b.seen} de {b.audience}
              </Text>
            ))}
          </Stack>
        )}
        <SegmentedControl
          value={tab}
          onChange={(v) => setTab(v as 'seen' | 'unseen')}
          data={[
            { value: 'seen', label: 'Vieron' },
            { value: 'unseen', label: 'No vieron' },
          ]}
          aria-label="Mostrar quiénes la vieron o quiénes no"
        />
        <PersonList
          items={items}
          loading={viewers.isPending && postId !== null}
          error={viewers.isError ? 'Error al cargar quiénes la vieron' : null}
          emptyText={tab === 'seen' ? 'Nadie la vio todavía.' : 'Todos la vieron.'}
          retry={viewers.isError ? { onRetry: viewers.refetch, loading: viewers.isFetching } : null}
          hasMore={viewers.hasNextPage}
          loadingMore={viewers.isFetchingNextPage}
          onMore={() => viewers.fetchNextPage()}
        />
      </Stack>
    </Modal>
  );
}
