import { Group, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { scheduledLabel } from '../../lib/dates/scheduled-label';

/**
 * "Programada · lun 7 dic, 08:00" on a scheduled item's row (docs/product.md#scheduled-publishing), where
 * a published one shows its reach or read receipt: small text that wraps in a narrow column.
 */
export function ScheduledBadge({ publishAt }: { publishAt: string }) {
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <IconClock
        size={14}
        aria-hidden
        style={{ flex: 'none', marginTop: 2, color: 'var(--mantine-color-grape-8)' }}
      />
      <Text size="xs" fw={600} c="grape.8" span>
        {scheduledLabel(publishAt)}
      </Text>
    </Group>
  );
}
