import { Modal } from '@mantine/core';
import { MEDIA_MSG, type TStory } from '@panel/shared';
import { PersonList } from '../../../components/person-list';
import { formatDateTime } from '../../../lib/dates/business-time';
import { useStoryViewers } from '../api/get-story-viewers';

interface StoryViewersDialogProps {
  story: TStory | null;
  opened: boolean;
  onClose: () => void;
}

/**
 * "Ver usuarios" (docs/product.md#stories): who viewed the story. A failed load shows the empty list (§8), with
 * "Reintentar".
 */
export function StoryViewersDialog({ story, opened, onClose }: StoryViewersDialogProps) {
  const viewers = useStoryViewers(opened && story ? story.id : null);
  const items = viewers.isError
    ? []
    : (viewers.data?.pages ?? []).flatMap((p) =>
        p.data.map((v) => ({ id: v.id, name: v.name, avatar: v.avatar, when: formatDateTime(v.viewed_at) })),
      );
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={story ? `Vistas de «${story.title}»` : 'Vistas'}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <PersonList
        items={items}
        loading={viewers.isPending && opened}
        emptyText={MEDIA_MSG.noViewers}
        retry={viewers.isError ? { onRetry: viewers.refetch, loading: viewers.isFetching } : null}
        hasMore={viewers.hasNextPage}
        loadingMore={viewers.isFetchingNextPage}
        onMore={() => viewers.fetchNextPage()}
      />
    </Modal>
  );
}
