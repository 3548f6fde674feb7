import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
  /** Default "Eliminar". */
  confirmLabel?: string;
  /** Shown on the confirm button while `busy`; default "Eliminando...". */
  busyLabel?: string;
  busy?: boolean;
  /** Default a dark red (white text stays above 4.5:1), for deletes. */
  color?: string;
}

/** The one styled confirmation every delete uses (DECISIONS §3: never the browser's confirm()). */
export function ConfirmDialog({
  opened,
  title,
  message,
  onConfirm,
  onClose,
  confirmLabel = 'Eliminar',
  busyLabel = 'Eliminando...',
  busy = false,
  color = 'red.9',
}: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => {} : onClose}
      title={title}
      size="sm"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {typeof message === 'string' ? <Text size="sm">{message}</Text> : message}
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose} disabled={busy}>
          Cancelar
        </Button>
        <Button color={color} onClick={onConfirm} disabled={busy} data-busy={busy || undefined}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
