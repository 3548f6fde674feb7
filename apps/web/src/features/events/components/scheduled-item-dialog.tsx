import { Badge, Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { SCHEDULED_ITEM_LABELS, type TScheduledItem } from '@panel/shared';
import { IconArrowRight } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { scheduledLabel } from '../../../lib/dates/scheduled-label';
import { Detail } from './event-details-dialog';
import { SCHEDULED_STYLE } from './scheduled-style';

const SCREEN: Record<TScheduledItem['kind'], { path: string; label: string }> = {
  post: { path: '/posts', label: 'Ver en Publicaciones' },
  notification: { path: '/notifications', label: 'Ver en Notificaciones' },
  story: { path: '/stories', label: 'Ver en Historias' },
  survey: { path: '/surveys', label: 'Ver en Encuestas' },
};

interface ScheduledItemDialogProps {
  opened: boolean;
  item: TScheduledItem | null;
  onClose: () => void;
}

/**
 * What a scheduled post, notification, story or survey opens in the Calendario: its kind, its time, its branch, and a
 * way to its screen, searched by its title, where it is edited or deleted.
 */
export function ScheduledItemDialog({ opened, item, onClose }: ScheduledItemDialogProps) {
  const narrow = useMediaQuery('(max-width: 47.99em)');
  const navigate = useNavigate();
  const screen = item ? SCREEN[item.kind] : null;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={item?.title ?? ''}
      size="md"
      fullScreen={narrow}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      styles={{ title: { overflowWrap: 'anywhere' } }}
    >
      {item && screen && (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge tt="none" variant="outline" color={SCHEDULED_STYLE[item.kind].mantine}>
              {SCHEDULED_ITEM_LABELS[item.kind]}
            </Badge>
            {item.urgent && (
              <Badge tt="none" color="red">
                Urgente
              </Badge>
            )}
          </Group>
          <Detail label="Cuándo">{scheduledLabel(item.publish_at)}</Detail>
          <Detail label="Sucursal">{item.branch_name ?? 'Todas las sucursales'}</Detail>
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cerrar
            </Button>
            <Button
              rightSection={<IconArrowRight size={16} aria-hidden />}
              onClick={() => navigate(`${screen.path}?q=${encodeURIComponent(item.title.slice(0, 100))}`)}
              data-autofocus
            >
              {screen.label}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
