import { Button, Group, Modal, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ApiError, preconditionOf, withIfMatch } from '../lib/api-client';
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
 * closes either way, and a failure is always shown (docs/product.md#the-two-readings-settled: never only
 * logged). A row that carries its `version` is deleted with `If-Match: "<version>"`, the version the
 * list showed: if someone else changed it meanwhile, the server's 412 message ("Otra persona modificó
 * este registro…") is shown and the list is read again (docs/api-contract.md#delete-checks-if-match-too-issue-28-item-4).
 * Render `<ConfirmDialog {...deletion.dialog} title=... message=... />`, `deletion.row` for the texts.
 */
export function useConfirmDelete<T>({ remove, success, failure }: UseConfirmDeleteOptions<T>) {
  const { opened, target, open, close } = useDialogTarget<T>();
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const onConfirm = async () => {
    if (target === null) return;
    setBusy(true);
    try {
      await withIfMatch(preconditionOf(target), () => remove(target));
      notify.success(success);
    } catch (error) {
      notify.apiError(error, failure);
      // The row changed under the confirmation: the list shows its current state.
      if (error instanceof ApiError && error.status === 412) void queryClient.invalidateQueries();
    } finally {
      setBusy(false);
      close();
    }
  };
  return { ask: open as (row: T) => void, row: target, dialog: { opened, busy, onConfirm, onClose: close } };
}
