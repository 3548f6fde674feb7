import { Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { RESET_MSG, ZPasswordResetConfirm } from '@panel/shared';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { confirmPasswordReset } from '../api/password-reset';

export const RESET_CONFIRM_FALLBACK =
  'No se pudo guardar la contraseña. Revisá la conexión y probá de nuevo.';

interface ResetPasswordFormProps {
  /** The token of the mail's link (`#restablecer=…`). */
  token: string;
  /** Saved: back to the sign-in form, with the server's message. */
  onDone: (message: string) => void;
  /** "Volver a ingresar" without saving. */
  onCancel: () => void;
}

type Errors = { password?: string; repeat?: string };

/**
 * The form a reset link opens (issue 23, item 2): the new password twice, checked with the shared
 * schema (the server's password policy). A lazy chunk of the sign-in screen.
 */
export function ResetPasswordForm({ token, onDone, onCancel }: ResetPasswordFormProps) {
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const password = String(data.get('password') ?? '');
    const repeat = String(data.get('repeat') ?? '');
    const parsed = ZPasswordResetConfirm.safeParse({ token, password });
    const found: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'password') found.password ??= issue.message;
        // A link cut short: the token cannot be fixed here.
        if (issue.path[0] === 'token') setAlert(issue.message);
      }
    }
    if (!found.password && repeat !== password) found.repeat = RESET_MSG.passwordsDiffer;
    setErrors(found);
    if (!parsed.success || found.repeat) {
      const first = found.password ? 'password' : found.repeat ? 'repeat' : null;
      if (first) (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    setAlert(null);
    setBusy(true);
    try {
      onDone((await confirmPasswordReset(parsed.data)).message);
    } catch (error) {
      const passwordError = error instanceof ApiError ? error.errors?.password?.[0] : undefined;
      if (passwordError) setErrors({ password: passwordError });
      else setAlert(errorMessage(error, RESET_CONFIRM_FALLBACK));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Elegir una contraseña nueva">
      <Stack gap="md">
        <div>
          <Title order={2} fz={20}>
            Elegí una contraseña nueva
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Al guardarla se cierran todas las sesiones abiertas de tu cuenta.
          </Text>
        </div>
        {alert && <ErrorAlert>{alert}</ErrorAlert>}
        <PasswordInput
          label="Contraseña nueva"
          name="password"
          autoComplete="new-password"
          description="Al menos 10 caracteres; evitá las más comunes."
          error={errors.password}
          visibilityToggleButtonProps={{ 'aria-label': 'Mostrar el texto escrito' }}
        />
        <PasswordInput
          label="Repetí la contraseña nueva"
          name="repeat"
          autoComplete="new-password"
          error={errors.repeat}
          visibilityToggleButtonProps={{ 'aria-label': 'Mostrar el texto escrito' }}
        />
        <Button type="submit" size="md" fullWidth loading={busy}>
          Guardar contraseña
        </Button>
        <Anchor component="button" type="button" size="sm" ta="center" onClick={onCancel}>
          Volver a ingresar
        </Anchor>
      </Stack>
    </form>
  );
}
