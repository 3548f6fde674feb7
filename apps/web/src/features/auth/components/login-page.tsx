import { Group, Text, ThemeIcon, Title } from '@mantine/core';
import { APP_TITLE } from '@panel/shared';
import { IconDroplet } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useAuthStore } from '../../../lib/auth-store';
import { LoginForm } from './login-form';
import { LoginIllustration } from './login-illustration';
import classes from './login-page.module.css';

/** /login (spec §2.3): illustration on the left (60%), the form on the right (40%). */
export function LoginPage() {
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  useEffect(() => {
    document.title = APP_TITLE;
  }, []);
  if (isAuthenticated) return <Navigate to="/dashboard" replace />;

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
          <LoginForm />
        </div>
      </main>
    </div>
  );
}

export default LoginPage;
