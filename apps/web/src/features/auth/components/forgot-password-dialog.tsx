import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { ZPasswordResetRequest } from '@panel/shared';
import { IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { errorMessage } from '../../../lib/api-client';
import { requestPasswordReset } from '../api/password-reset';

interface ForgotPasswordDialogProps {
  opened: boolean;
  onClose: () => void;
}

export const RESET_REQUEST_FALLBACK = 'No se pudo enviar el pedido. Revisá la conexión y probá de nuevo.';

/**
 * "¿Olvidaste tu contraseña?" (issue 23, item 2): asks for the email and shows the server's one
 * neutral answer, which says nothing about which emails exist. A lazy chunk of the sign-in screen.
 */
export function ForgotPasswordDialog({ opened, onClose }: ForgotPasswordDialogProps) {
  const [emailError, setEmailError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    onClose();
    setSent(null);
    setAlert(null);
    setEmailError(undefined);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = ZPasswordResetRequest.safeParse({ email: String(new FormData(form).get('email') ?? '') });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message);
      (form.elements.namedItem('email') as HTMLInputElement | null)?.focus();
      return;
    }
    setEmailError(undefined);
    setAlert(null);
    setBusy(true);
    try {
      setSent((await requestPasswordReset(parsed.data)).message);
    } catch (error) {
      setAlert(errorMessage(error, RESET_REQUEST_FALLBACK));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="¿Olvidaste tu contraseña?"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {sent ? (
        <Stack gap="md">
          <Alert color="teal" variant="light" role="status" icon={<IconMailCheck aria-hidden />}>
            {sent}
          </Alert>
          <Text size="sm" c="dimmed">
            Si no te llega, revisá la carpeta de correo no deseado o pedilo de nuevo en unos minutos.
          </Text>
          <Group justify="flex-end">
            <Button onClick={close}>Entendido</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Pedir un enlace para elegir una contraseña nueva">
          <Stack gap="md">
            <Text size="sm">
              Escribí el email de tu cuenta y te enviamos un enlace para elegir una contraseña nueva.
            </Text>
            {alert && <ErrorAlert>{alert}</ErrorAlert>}
            <TextInput
              label="Email"
              type="email"
              name="email"
              autoComplete="username"
              placeholder="nombre@empresa.com"
              error={emailError}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancelar
              </Button>
              <Button type="submit" loading={busy}>
                Enviar enlace
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
