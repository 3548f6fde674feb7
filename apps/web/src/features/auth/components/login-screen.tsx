import { Group, Text, ThemeIcon, Title } from '@mantine/core';
import { APP_TITLE } from '@panel/shared';
import { IconDroplet } from '@tabler/icons-react';
import { useEffect } from 'react';
import { LoginForm } from './login-form';
import { LoginIllustration } from './login-illustration';
import classes from './login-page.module.css';

interface LoginScreenProps {
  /** Called once an administrator's session is stored. */
  onSignedIn: () => void;
}

/**
 * The login screen (spec §2.3): illustration on the left (60%), the form on the right (40%).
 * No router and no query client: it is both the SPA's /login route and the whole of login.html,
 * prerendered at build time (apps/web/scripts/prerender-login.mjs) and hydrated by src/login-main.tsx.
 */
export function LoginScreen({ onSignedIn }: LoginScreenProps) {
  useEffect(() => {
    document.title = APP_TITLE;
  }, []);

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
          <LoginForm onSignedIn={onSignedIn} />
        </div>
      </main>
    </div>
  );
}
