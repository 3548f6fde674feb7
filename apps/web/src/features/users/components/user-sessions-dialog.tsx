import { Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { SESSION_MSG, SESSIONS_LIST_MAX, sessionsEndedText } from '@panel/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { SessionList } from '../../../components/session-list';
import { notify } from '../../../lib/notify';
import { useEndUserSessions } from '../api/end-user-sessions';
import { useUserSessions } from '../api/get-user-sessions';
import type { SellerRef } from './seller-activity-dialog';

interface UserSessionsDialogProps {
  opened: boolean;
  person: SellerRef | null;
  onClose: () => void;
}

/**
 * Vendedores → "Sesiones" (docs/product.md#open-sessions): a person's open sessions, and "Cerrar todas
 * las sesiones" after a confirmation (audited).
 */
export function UserSessionsDialog({ opened, person, onClose }: UserSessionsDialogProps) {
  const sessions = useUserSessions(opened && person ? person.id : null);
  const endAll = useEndUserSessions();
  const [confirming, setConfirming] = useState(false);
  const list = sessions.data?.data ?? [];
  const total = sessions.data?.meta.total ?? 0;

  const confirm = async () => {
    if (!person) return;
    try {
      notify.success(sessionsEndedText(await endAll.mutateAsync(person.id)));
      setConfirming(false);
    } catch (error) {
      notify.apiError(error, 'No se pudieron cerrar las sesiones. Intentá de nuevo.');
    }
  };

  return (
    <>
      <Modal
        opened={opened && !confirming}
        onClose={onClose}
        title={`Sesiones de ${person?.name ?? ''}`}
        size="xl"
        closeButtonProps={{ 'aria-label': 'Cerrar' }}
      >
        {sessions.isError ? (
          <LoadErrorAlert title={SESSION_MSG.loadError} query={sessions} />
        ) : sessions.isPending ? (
          <Center py="xl">
            <Group gap="xs" role="status">
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                Cargando sesiones...
              </Text>
            </Group>
          </Center>
        ) : list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {SESSION_MSG.empty}
          </Text>
        ) : (
          <Stack gap="sm">
            <SessionList sessions={list} />
            {total > list.length && (
              <Text size="xs" c="dimmed">
                Se muestran las {SESSIONS_LIST_MAX} de uso más reciente de {total} sesiones abiertas.
              </Text>
            )}
            <Group justify="flex-end">
              <Button color="red.9" onClick={() => setConfirming(true)}>
                {SESSION_MSG.endAll}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <ConfirmDialog
        opened={opened && confirming}
        title="¿Cerrar todas las sesiones?"
        message={`${person?.name ?? ''} tendrá que volver a iniciar sesión en todos sus dispositivos.`}
        confirmLabel={SESSION_MSG.endAll}
        busyLabel="Cerrando..."
        busy={endAll.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
