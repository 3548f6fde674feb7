import {
  ActionIcon,
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  PasswordInput,
  Radio,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { type TUser, ZUserResetPassword } from '@panel/shared';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useResetPassword } from '../api/reset-password';

interface ResetPasswordDialogProps {
  opened: boolean;
  user: TUser | null;
  onClose: () => void;
}

/**
 * "Restablecer contraseña" (DECISIONS §3: admins reset passwords from Vendedores). The server
 * generates one, shown here once, or the admin types it. The person's open sessions end.
 */
export function ResetPasswordDialog({ opened, user, onClose }: ResetPasswordDialogProps) {
  const reset = useResetPassword();
  const [mode, setMode] = useState<'generate' | 'choose'>('generate');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [generated, setGenerated] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setMode('generate');
    setPassword('');
    setError(null);
    setGenerated(null);
  }, [opened]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    let input = {};
    if (mode === 'choose') {
      const parsed = ZUserResetPassword.safeParse({ password });
      if (!parsed.success || !password) {
        setError(parsed.error?.issues[0]?.message ?? 'La contraseña debe tener al menos 8 caracteres');
        return;
      }
      input = { password };
    }
    try {
      const result = await reset.mutateAsync({ id: user.id, input });
      notify.success('Contraseña restablecida correctamente');
      if (result.generated_password) setGenerated(result.generated_password);
      else onClose();
    } catch (err) {
      if (err instanceof ApiError && err.errors?.password?.[0]) setError(err.errors.password[0]);
      notify.apiError(err, 'Error al restablecer la contraseña');
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={reset.isPending ? () => {} : onClose}
      title="Restablecer contraseña"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {generated ? (
        <Stack gap="sm">
          <Text size="sm">
            La nueva contraseña de <strong>{user?.name}</strong> es:
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Code fz="lg" px="sm" py={6} data-testid="generated-password">
              {generated}
            </Code>
            <CopyButton value={generated}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copiada' : 'Copiar'} withArrow>
                  <ActionIcon
                    variant="light"
                    onClick={copy}
                    aria-label={copied ? 'Contraseña copiada' : 'Copiar la contraseña'}
                  >
                    {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          <Alert color="yellow" variant="light">
            Se muestra solo esta vez: no se guarda en ningún lado. Compartila con la persona por un medio
            seguro.
          </Alert>
          <Group justify="flex-end" mt="sm">
            <Button onClick={onClose}>Listo</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <Text size="sm">
              Nueva contraseña para <strong>{user?.name}</strong> ({user?.email}). Sus sesiones abiertas se
              cerrarán.
            </Text>
            <Radio.Group
              value={mode}
              onChange={(value) => {
                setMode(value as 'generate' | 'choose');
                setError(null);
              }}
              label="Contraseña"
            >
              <Stack gap="xs" mt={6}>
                <Radio value="generate" label="Generar una contraseña al azar" />
                <Radio value="choose" label="Escribir la contraseña" />
              </Stack>
            </Radio.Group>
            {mode === 'choose' && (
              <PasswordInput
                label="Nueva contraseña"
                autoComplete="new-password"
                data-autofocus
                value={password}
                onChange={(e) => {
                  setPassword(e.currentTarget.value);
                  setError(null);
                }}
                error={error}
                visibilityToggleButtonProps={{ 'aria-label': 'Mostrar la contraseña' }}
              />
            )}
            <Group justify="flex-end" mt="md" gap="sm">
              <Button variant="default" onClick={onClose} disabled={reset.isPending}>
                Cancelar
              </Button>
              <Button type="submit" loading={reset.isPending}>
                Restablecer
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
