import { Alert, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { APP_TITLE, resetTokenFromHash } from '@panel/shared';
import { IconCircleCheck, IconDroplet } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useAuthStore } from '../../../lib/auth-store';
import { LoginForm } from './login-form';
import { LoginIllustration } from './login-illustration';
import classes from './login-page.module.css';

// The form a mail's reset link opens (/login#restablecer=…), loaded only then.
const ResetPasswordForm = lazy(() =>
  import('./reset-password-form').then((m) => ({ default: m.ResetPasswordForm })),
);

interface LoginScreenProps {
  /** Called once an administrator's session is stored. */
  onSignedIn: () => void;
}

/**
 * The login screen (docs/product.md#sign-in-screen): illustration on the left (60%), the form on the right (40%).
 * No router and no query client: it is both the SPA's /login route and the whole of login.html,
 * prerendered at build time (apps/web/scripts/prerender-login.mjs) and hydrated by src/login-main.tsx.
 */
export function LoginScreen({ onSignedIn }: LoginScreenProps) {
  useEffect(() => {
    document.title = APP_TITLE;
  }, []);
  // Read after hydration: the prerendered screen has no URL, and the token lives in the fragment.
  const [resetToken, setResetToken] = useState<string | null>(null);
  const [resetDone, setResetDone] = useState<string | null>(null);
  useEffect(() => {
    const read = () => setResetToken(resetTokenFromHash(window.location.hash));
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);
  const leaveReset = (message: string | null) => {
    // The link is used (or left): out of the address bar and the history entry.
    window.history.replaceState(null, '', window.location.pathname);
    setResetToken(null);
    setResetDone(message);
    // Saving ended every session of the account, this browser's too.
    if (message) useAuthStore.getState().logout();
  };

  return (
    <div className={classes.root}>
      <LoginIllustration />
      <main className={classes.formSide}>
        <div className={classes.formBox}>
          <Group gap="sm" mb="xl" wrap="nowrap">
            <ThemeIcon size={44} radius="md" aria-hidden>
              <IconDroplet size={26} />
            </ThemeIcon>
            <div>
              <Title order={1} fz={24}>
                {APP_TITLE}
              </Title>
              <Text size="sm" c="dimmed">
                Ingresá con tu cuenta de administrador
              </Text>
            </div>
          </Group>
          {resetToken ? (
            <Suspense fallback={null}>
              <ResetPasswordForm
                token={resetToken}
                onDone={(message) => leaveReset(message)}
                onCancel={() => leaveReset(null)}
              />
            </Suspense>
          ) : (
            <>
              {resetDone && (
                <Alert
                  color="teal"
                  variant="light"
                  role="status"
                  mb="md"
                  icon={<IconCircleCheck aria-hidden />}
                >
                  {resetDone}
                </Alert>
              )}
              <LoginForm onSignedIn={onSignedIn} />
            </>
          )}
        </div>
      </main>
    </div>
  );
}
