// The entry of login.html, the document the server sends for /login. It carries only the login
// screen: React, the Mantine parts the screen uses, the form and its zod schema; no router, no query
// client and none of the admin shell. The screen is already painted (prerendered at build time);
// this hydrates it. Signing in loads the panel (index.html) at /dashboard.
import './lib/zod-config';
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LoginDocument } from './app/login-document';
import { useAuthStore } from './lib/auth-store';

const goToDashboard = () => window.location.replace('/dashboard');

// A mail's reset link (#restablecer=…) opens here even with a session in this browser.
if (useAuthStore.getState().isAuthenticated && !window.location.hash.includes('restablecer=')) {
  goToDashboard();
} else {
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <LoginDocument onSignedIn={goToDashboard} />
    </StrictMode>
  );
  // Built, the screen is there to hydrate; under `vite dev` login.html is empty and is rendered.
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
}
