import { Group, Text } from '@mantine/core';
import type { TNotification } from '@panel/shared';
import { ReceiptLink } from '../../../components/receipt-link';

/** How many devices the community app's push reached (issue 14). */
export const pushSentLabel = (n: number) => `Enviada a ${n} ${n === 1 ? 'dispositivo' : 'dispositivos'}`;

/** "Leída por 41 de 60" (issue 21.11): of the active sellers who see it, those who opened it. */
export const readLabel = (n: Pick<TNotification, 'read_count' | 'recipient_count'>) =>
  `Leída por ${n.read_count} de ${n.recipient_count}`;

/** The receipt: who read it (opens the list of readers) and the devices its push reached. */
export function ReadReceipt({
  notification: n,
  onOpen,
}: {
  notification: TNotification;
  onOpen: (n: TNotification) => void;
}) {
  return (
    <Group gap={8} wrap="wrap" style={{ rowGap: 0 }}>
      <ReceiptLink label={readLabel(n)} action="ver quiénes la leyeron" onClick={() => onOpen(n)} />
      <Text size="xs" c="dimmed" span>
        {pushSentLabel(n.push_sent_count)}
      </Text>
    </Group>
  );
}
