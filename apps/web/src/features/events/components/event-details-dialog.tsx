import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TEvent } from '@panel/shared';
import { IconPencil } from '@tabler/icons-react';
import { textOn } from '../../../lib/contrast';
import { formatDate } from '../../../lib/dates/business-time';
import { describeDateTime } from '../../../lib/dates/day-first';

/** "jueves 28 de noviembre, 09:00 a 11:00", or both days in words when it spans more than one. */
export function eventWhen(event: Pick<TEvent, 'start_at' | 'end_at'>, now = new Date()): string {
  const start = describeDateTime(event.start_at, undefined, now);
  const end = describeDateTime(event.end_at, undefined, now);
  return formatDate(event.start_at) === formatDate(event.end_at)
    ? `${start} a ${end.slice(end.lastIndexOf(', ') + 2)}`
    : `${start} al ${end}`;
}

interface EventDetailsDialogProps {
  opened: boolean;
  event: TEvent | null;
  onClose: () => void;
  onEdit: (event: TEvent) => void;
}

/** What a calendar event opens: its type, when, for which branch, its description, and "Editar". */
export function EventDetailsDialog({ opened, event, onClose, onEdit }: EventDetailsDialogProps) {
  const narrow = useMediaQuery('(max-width: 47.99em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={event?.title ?? ''}
      size="md"
      fullScreen={narrow}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      styles={{ title: { overflowWrap: 'anywhere' } }}
    >
      {event && (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge
              tt="none"
              style={{ background: event.event_type.color, color: textOn(event.event_type.color) }}
            >
              {event.event_type.name}
            </Badge>
          </Group>
          <Detail label="Cuándo">{eventWhen(event)}</Detail>
          <Detail label="Sucursal">{event.branch_name ?? 'Todas las sucursales'}</Detail>
          <Detail label="Descripción">
            {event.description ? (
              <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{event.description}</span>
            ) : (
              'Sin descripción'
            )}
          </Detail>
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cerrar
            </Button>
            <Button
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={() => onEdit(event)}
              data-autofocus
            >
              Editar
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

export function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}
