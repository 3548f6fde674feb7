import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { MSG, type TLoginRequest, ZLoginRequest } from '@panel/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useAuthStore } from '../../../lib/auth-store';
import { useLogin } from '../api/login';
import { logout } from '../api/logout';
import { ForgotPasswordDialog } from './forgot-password-dialog';

const LOGIN_FALLBACK = 'No se pudo iniciar sesión. Intentá de nuevo.';

/** Turns a failed login into the alert the spec and DECISIONS §2 ask for. */
function loginErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return LOGIN_FALLBACK;
  if (error.status === 401) return MSG.invalidCredentials;
  if (error.status === 403) return MSG.noPanelAccess;
  if (error.status === 429) return errorMessage(error, MSG.tooManyAttempts);
  return errorMessage(error, LOGIN_FALLBACK);
}

export function LoginForm() {
  const navigate = useNavigate();
  const storeLogin = useAuthStore((s) => s.login);
  const login = useLogin();
  const [alert, setAlert] = useState<string | null>(null);
  const [forgotOpened, setForgotOpened] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TLoginRequest, unknown, z.output<typeof ZLoginRequest>>({
    resolver: zodResolver(ZLoginRequest),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    try {
      const { token, user } = await login.mutateAsync(values);
      if (user.role === 'seller') {
        // The panel is for administrators: give the token back at once and keep no session.
        await logout(token);
        setAlert(MSG.noPanelAccess);
        return;
      }
      storeLogin(token, user);
      navigate('/dashboard', { replace: true });
    } catch (error) {
      setAlert(loginErrorText(error));
    }
  });

  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label="Iniciar sesión">
        <Stack gap="md">
          {alert && (
            <Alert
              color="red"
              variant="light"
              role="alert"
              icon={<IconAlertCircle aria-hidden />}
              title={alert}
            />
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            placeholder="nombre@empresa.com"
            error={errors.email?.message}
            {...register('email')}
          />
          <PasswordInput
            label="Contraseña"
            autoComplete="current-password"
            error={errors.password?.message}
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar el texto escrito' }}
            {...register('password')}
          />
          <Button type="submit" size="md" fullWidth loading={isSubmitting}>
            Ingresar
          </Button>
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="center"
            onClick={() => setForgotOpened(true)}
          >
            ¿Olvidaste tu contraseña?
          </Anchor>
        </Stack>
      </form>
      <ForgotPasswordDialog opened={forgotOpened} onClose={() => setForgotOpened(false)} />
    </>
  );
}
