import { Button, Group, Modal, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { notify } from '../lib/notify';
import { useDialogTarget } from './use-dialog-target';

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

/** The one styled confirmation every delete uses (docs/product.md#the-two-readings-settled: never the browser's confirm()). */
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
      // Stays a small centred dialog on phones, where the others are full-screen (global.css).
      className="panel-confirm"
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

interface UseConfirmDeleteOptions<T> {
  /** Deletes the row (the screen's mutation). */
  remove: (row: T) => Promise<unknown>;
  /** The success toast. */
  success: string;
  /** The error toast when the server sends no message. */
  failure: string;
}

/**
 * A list's delete: `ask(row)` opens the confirmation; confirming deletes and toasts. The dialog
 * closes either way, and a failure is always shown (docs/product.md#the-two-readings-settled: never only logged).
 * Render `<ConfirmDialog {...deletion.dialog} title=... message=... />`, `deletion.row` for the texts.
 */
export function useConfirmDelete<T>({ remove, success, failure }: UseConfirmDeleteOptions<T>) {
  const { opened, target, open, close } = useDialogTarget<T>();
  const [busy, setBusy] = useState(false);
  const onConfirm = async () => {
    if (target === null) return;
    setBusy(true);
    try {
      await remove(target);
      notify.success(success);
    } catch (error) {
      notify.apiError(error, failure);
    } finally {
      setBusy(false);
      close();
    }
  };
  return { ask: open as (row: T) => void, row: target, dialog: { opened, busy, onConfirm, onClose: close } };
}
