import { MantineProvider } from '@mantine/core';
import { LoginScreen } from '../features/auth/components/login-screen';
import { cssVariablesResolver, theme } from './theme';

/**
 * The whole of login.html: prerendered at build time (src/login-prerender.tsx) and hydrated in the
 * browser (src/login-main.tsx). Both render this same tree, so hydration matches.
 */
export function LoginDocument({ onSignedIn }: { onSignedIn: () => void }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <LoginScreen onSignedIn={onSignedIn} />
    </MantineProvider>
  );
}
