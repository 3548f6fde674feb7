import { Button, Text } from '@mantine/core';
import type { TBulkDeleteResult } from '@panel/shared';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { apiRequest } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { ConfirmDialog } from '../confirm-dialog';
import type { ResourceListSelection } from './list-columns';

/**
 * "Eliminar seleccionadas" of a list (issue 21, item 10): the list keeps the selection, asks with
 * the count, and sends one `POST /api/<resource>/bulk-delete` (one transaction on the server, all
 * or nothing). Give the resource's path and how its rows are called.
 */
export interface ResourceListBulkDelete<T> {
  /** The API resource: "posts" sends POST /api/posts/bulk-delete and refreshes the ['posts'] queries. */
  resource: string;
  /** The row's noun, singular and plural: "publicación" / "publicaciones". */
  noun: { one: string; many: string };
  /** Accessible name of a row's checkbox ("Seleccionar «Promo de invierno»"). */
  rowLabel: (row: T) => string;
  /** The error toast when the server sends no message. */
  failure: string;
}

export function bulkDeleteRequest(resource: string, ids: number[]): Promise<TBulkDeleteResult> {
  return apiRequest<{ data: TBulkDeleteResult }>(`/${resource}/bulk-delete`, {
    method: 'POST',
    body: { ids },
  }).then((res) => res.data);
}

const counted = (n: number, noun: { one: string; many: string }) => `${n} ${n === 1 ? noun.one : noun.many}`;

/** The selection a list with `bulkDelete` gets, and its confirmation dialog. */
export function useBulkDelete<T>(config: ResourceListBulkDelete<T> | undefined): {
  selection: ResourceListSelection<T> | undefined;
  dialog: ReactNode;
} {
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<Set<string | number>>(() => new Set());
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const resource = config?.resource;
  const noun = config?.noun;
  const failure = config?.failure ?? '';
  const rowLabel = config?.rowLabel;

  const onChange = useCallback((next: Set<string | number>) => setSelected(next), []);
  const selection = useMemo<ResourceListSelection<T> | undefined>(
    () =>
      resource
        ? {
            selected,
            onChange,
            ...(rowLabel ? { rowLabel } : {}),
            actions: (
              <Button
                size="xs"
                color="red.9"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={() => setAsking(true)}
              >
                Eliminar seleccionadas
              </Button>
            ),
          }
        : undefined,
    [resource, selected, onChange, rowLabel],
  );

  if (!resource || !noun) return { selection: undefined, dialog: null };

  const confirm = async () => {
    const ids = [...selected].map(Number);
    setBusy(true);
    try {
      const { deleted } = await bulkDeleteRequest(resource, ids);
      notify.success(deleted === 1 ? `Se eliminó 1 ${noun.one}` : `Se eliminaron ${counted(deleted, noun)}`);
      setSelected(new Set());
    } catch (error) {
      notify.apiError(error, failure);
    } finally {
      setBusy(false);
      setAsking(false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [resource] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]);
    }
  };

  return {
    selection,
    dialog: (
      <ConfirmDialog
        opened={asking}
        title="Eliminar seleccionadas"
        message={<Text size="sm">¿Eliminar {counted(selected.size, noun)}? No se puede deshacer.</Text>}
        confirmLabel={`Eliminar ${selected.size}`}
        busy={busy}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      />
    ),
  };
}
