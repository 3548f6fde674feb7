import { Badge } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { scheduledLabel } from '../../lib/dates/scheduled-label';

/** "Programada · lun 8 dic, 08:00" on a scheduled item's row (docs/product.md#scheduled-publishing). */
export function ScheduledBadge({ publishAt }: { publishAt: string }) {
  return (
    <Badge
      color="grape.8"
      variant="light"
      size="sm"
      tt="none"
      leftSection={<IconClock size={12} aria-hidden />}
      style={{ width: 'fit-content' }}
    >
      {scheduledLabel(publishAt)}
    </Badge>
  );
}
