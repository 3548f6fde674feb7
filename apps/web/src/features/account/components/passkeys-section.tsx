import { Alert, Button, Center, Group, Loader, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { PASSKEY_MSG, type TPasskey } from '@panel/shared';
import { type FormEvent, type ReactNode, useState } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { SectionCard } from '../../../components/section-card';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates/business-time';
import { notify } from '../../../lib/notify';
import { useAddPasskey, useMyPasskeys, useRemovePasskey } from '../api/passkeys';

const supported = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/**
 * "Mi cuenta" → "Llaves de acceso" (docs/product.md#second-factor): passkeys made on this account's
 * devices, each a second factor and a sign-in without a password. "Agregar llave de acceso" asks the
 * browser for one; "Quitar" asks for the current password.
 */
export function PasskeysSection() {
  const list = useMyPasskeys();
  const add = useAddPasskey();
  const [removing, setRemoving] = useState<TPasskey | null>(null);

  const onAdd = async () => {
    try {
      await add.mutateAsync();
      notify.success(PASSKEY_MSG.added);
    } catch (error) {
      if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) {
        notify.error(PASSKEY_MSG.cancelled);
      } else if (error instanceof Error && error.name === 'InvalidStateError') {
        notify.error(PASSKEY_MSG.alreadyRegistered);
      } else {
        notify.apiError(error, 'No se pudo agregar la llave de acceso. Intentá de nuevo.');
      }
    }
  };

  let body: ReactNode;
  if (list.isError) {
    body = <LoadErrorAlert title="No se pudieron cargar las llaves de acceso." query={list} />;
  } else if (list.isPending) {
    body = (
      <Center py="lg">
        <Loader size="sm" role="status" aria-label="Cargando" />
      </Center>
    );
  } else {
    body = (
      <Stack gap="sm">
        <Text size="sm">
          Con una llave de acceso ingresás con la huella, el rostro o el PIN de tu dispositivo, sin
          contraseña. También sirve como segundo paso después de la contraseña.
        </Text>
        {list.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            Todavía no agregaste ninguna llave de acceso.
          </Text>
        ) : (
          <Stack
            gap="xs"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Llaves de acceso"
          >
            {list.data.map((key) => (
              <Group key={key.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm">
                    {key.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Agregada {formatDateTime(key.created_at)} · Último uso{' '}
                    {key.last_used_at ? formatDateTime(key.last_used_at) : 'nunca'}
                  </Text>
                </Stack>
                <Button
                  variant="outline"
                  color="red.9"
                  size="xs"
                  onClick={() => setRemoving(key)}
                  aria-label={`Quitar la llave de acceso ${key.name}`}
                >
                  Quitar
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        {supported() ? (
          <Group>
            <Button onClick={() => void onAdd()} loading={add.isPending}>
              Agregar llave de acceso
            </Button>
          </Group>
        ) : (
          <Alert color="gray" variant="light" title={PASSKEY_MSG.unsupported} />
        )}
      </Stack>
    );
  }

  return (
    <SectionCard title="Llaves de acceso">
      {body}
      <RemoveDialog passkey={removing} onClose={() => setRemoving(null)} />
    </SectionCard>
  );
}

function RemoveDialog({ passkey, onClose }: { passkey: TPasskey | null; onClose: () => void }) {
  const remove = useRemovePasskey();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!passkey) return;
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    if (!password) return setError('Ingresá tu contraseña actual');
    setError(null);
    try {
      await remove.mutateAsync({ id: passkey.id, proof: { password } });
      notify.success(PASSKEY_MSG.removed);
      close();
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (failure.errors?.password?.[0] ?? errorMessage(failure, 'No se pudo quitar. Intentá de nuevo.'))
          : 'No se pudo quitar. Intentá de nuevo.',
      );
    }
  };
  return (
    <Modal
      opened={passkey !== null}
      onClose={close}
      title="¿Quitar la llave de acceso?"
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {`"${passkey?.name ?? ''}" dejará de servir para ingresar. Confirmá con tu contraseña actual.`}
          </Text>
          {error && <Alert color="red" variant="light" title={error} />}
          <PasswordInput
            label="Contraseña actual"
            name="password"
            autoComplete="current-password"
            data-autofocus
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar el texto escrito' }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" color="red.9" loading={remove.isPending}>
              Quitar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
