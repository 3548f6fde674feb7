import {
  ActionIcon,
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  PasswordInput,
  Radio,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { MSG, type TUser, type TUserResetPassword, ZUserResetPassword } from '@panel/shared';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, type ResolverResult, useWatch } from 'react-hook-form';
import { EmailText } from '../../../components/email-text';
import { FormDialog } from '../../../components/form-dialog/form-dialog';
import { FormInput } from '../../../components/form-dialog/form-field';
import { useFormDialog } from '../../../components/form-dialog/use-form-dialog';
import { useResetPassword } from '../api/reset-password';

interface FormValues {
  mode: 'generate' | 'choose';
  password: string;
}

/** The body: none to have the server generate one, or the typed one under the API's own rule. */
function resolver({ mode, password }: FormValues): ResolverResult<FormValues, TUserResetPassword> {
  const body: TUserResetPassword = mode === 'choose' ? { password } : {};
  if (mode === 'generate') return { values: body, errors: {} };
  const parsed = ZUserResetPassword.safeParse(body);
  if (parsed.success && password) return { values: body, errors: {} };
  const message = parsed.error?.issues[0]?.message ?? MSG.passwordTooShort;
  return { values: {}, errors: { password: { type: 'validate', message } } };
}

interface ResetPasswordDialogProps {
  opened: boolean;
  user: TUser | null;
  onClose: () => void;
}

/**
 * "Restablecer contraseña" (docs/product.md#the-two-readings-settled: admins reset passwords from Vendedores). The server
 * generates one, shown here once, or the admin types it. The person's open sessions end.
 */
export function ResetPasswordDialog({ opened, user, onClose }: ResetPasswordDialogProps) {
  const reset = useResetPassword();
  const [generated, setGenerated] = useState<string | null>(null);
  const dialog = useFormDialog({
    opened,
    onClose,
    resolver,
    values: (): FormValues => ({ mode: 'generate', password: '' }),
    onReset: () => setGenerated(null),
    // A message stays until the next try, or until the password or the choice changes.
    reValidateMode: 'onSubmit',
    check: () => user !== null,
    submit: (input) => reset.mutateAsync({ id: user!.id, input }),
    success: 'Contraseña restablecida correctamente',
    failure: 'Error al restablecer la contraseña',
    onSuccess: (result) => {
      if (result.generated_password) setGenerated(result.generated_password);
      else onClose();
    },
  });
  const { control, clearErrors } = dialog.form;
  const mode = useWatch({ control, name: 'mode' });

  return (
    <FormDialog
      {...dialog}
      title="Restablecer contraseña"
      submitLabel="Restablecer"
      instead={
        generated && (
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
        )
      }
    >
      <Text size="sm">
        Nueva contraseña para <strong>{user?.name}</strong> ({user && <EmailText email={user.email} />}). Sus
        sesiones abiertas se cerrarán.
      </Text>
      <Controller
        control={control}
        name="mode"
        render={({ field }) => (
          <Radio.Group
            value={field.value}
            onChange={(value) => {
              field.onChange(value);
              clearErrors('password');
            }}
            label="Contraseña"
          >
            <Stack gap="xs" mt={6}>
              <Radio value="generate" label="Generar una contraseña al azar" />
              <Radio value="choose" label="Escribir la contraseña" />
            </Stack>
          </Radio.Group>
        )}
      />
      {mode === 'choose' && (
        <FormInput
          name="password"
          component={PasswordInput}
          label="Nueva contraseña"
          autoComplete="new-password"
          data-autofocus
          visibilityToggleButtonProps={{ 'aria-label': 'Mostrar la contraseña' }}
          rules={{ onChange: () => clearErrors('password') }}
        />
      )}
    </FormDialog>
  );
}
