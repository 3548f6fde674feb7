import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { MSG, type TLoginRequest, ZLoginRequest } from '@panel/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useAuthStore } from '../../../lib/auth-store';
import { login } from '../api/login';
import { logout } from '../api/logout';

// The dialog (and Mantine's Modal) loads on the first click, so the first screen does not carry it.
const ForgotPasswordDialog = lazy(() =>
  import('./forgot-password-dialog').then((m) => ({ default: m.ForgotPasswordDialog })),
);

const LOGIN_FALLBACK = 'No se pudo iniciar sesión. Intentá de nuevo.';

/** Turns a failed login into the alert the spec and DECISIONS §2 ask for. */
function loginErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return LOGIN_FALLBACK;
  if (error.status === 401) return MSG.invalidCredentials;
  if (error.status === 403) return MSG.noPanelAccess;
  if (error.status === 429) return errorMessage(error, MSG.tooManyAttempts);
  return errorMessage(error, LOGIN_FALLBACK);
}

interface LoginFormProps {
  /** Called once an administrator's session is stored: go to the dashboard. */
  onSignedIn: () => void;
}

export function LoginForm({ onSignedIn }: LoginFormProps) {
  const storeLogin = useAuthStore((s) => s.login);
  const [alert, setAlert] = useState<string | null>(null);
  const [forgotOpened, setForgotOpened] = useState(false);
  const [forgotLoaded, setForgotLoaded] = useState(false);
  // The screen is prerendered into login.html and paints before any script runs. Until React has
  // taken it over, the fields are read-only and "Ingresar" is disabled, so nothing typed is lost and
  // the browser never submits the form by itself (which would put the password in the URL).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
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
      const { token, user } = await login(values);
      if (user.role === 'seller') {
        // The panel is for administrators: give the token back at once and keep no session.
        await logout(token);
        setAlert(MSG.noPanelAccess);
        return;
      }
      storeLogin(token, user);
      onSignedIn();
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
            readOnly={!hydrated}
            {...register('email')}
          />
          <PasswordInput
            label="Contraseña"
            autoComplete="current-password"
            error={errors.password?.message}
            readOnly={!hydrated}
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar el texto escrito' }}
            {...register('password')}
          />
          <Button type="submit" size="md" fullWidth loading={isSubmitting} disabled={!hydrated}>
            Ingresar
          </Button>
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="center"
            onClick={() => {
              setForgotLoaded(true);
              setForgotOpened(true);
            }}
          >
            ¿Olvidaste tu contraseña?
          </Anchor>
        </Stack>
      </form>
      {forgotLoaded && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog opened={forgotOpened} onClose={() => setForgotOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
