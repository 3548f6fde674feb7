import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TNotification } from '@panel/shared';
import { PersonList } from '../../../components/person-list';
import { formatDateTime } from '../../../lib/dates/business-time';
import { useNotificationReaders } from '../api/get-notification-readers';
import { readLabel } from './read-receipt';

interface Props {
  notification: TNotification | null;
  opened: boolean;
  onClose: () => void;
}

/** "Leída por 41 de 60": the sellers who opened it, newest first, 50 at a time ("Ver más"). */
export function NotificationReadersDialog({ notification, opened, onClose }: Props) {
  const narrow = useMediaQuery('(max-width: 47.99em)');
  const readers = useNotificationReaders(opened && notification ? notification.id : null);
  const items = readers.isError
    ? []
    : (readers.data?.pages ?? []).flatMap((p) =>
        p.data.map((r) => ({
          id: r.user_id,
          name: r.name,
          avatar: null,
          when: `${formatDateTime(r.read_at)}${r.branch_name ? ` · ${r.branch_name}` : ''}`,
        })),
      );
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen={narrow}
      title={notification ? `${readLabel(notification)}: «${notification.title}»` : 'Leída por'}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      styles={{ title: { overflowWrap: 'anywhere' } }}
    >
      <PersonList
        items={items}
        loading={readers.isPending && opened}
        error={readers.isError ? 'Error al cargar quiénes la leyeron' : null}
        emptyText="Nadie la leyó todavía."
        retry={readers.isError ? { onRetry: readers.refetch, loading: readers.isFetching } : null}
        hasMore={readers.hasNextPage}
        loadingMore={readers.isFetchingNextPage}
        onMore={() => readers.fetchNextPage()}
      />
    </Modal>
  );
}
