import { Button, Group, Modal } from '@mantine/core';
import { SESSION_MSG, sessionsEndedText } from '@panel/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SessionsView } from '../../../components/session-list';
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
        <SessionsView
          query={sessions}
          footer={
            <Group justify="flex-end">
              <Button color="red.9" onClick={() => setConfirming(true)}>
                {SESSION_MSG.endAll}
              </Button>
            </Group>
          }
        />
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
