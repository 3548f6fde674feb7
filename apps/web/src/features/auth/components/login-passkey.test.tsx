import { PASSKEY_MSG } from '@panel/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../lib/auth-store';
import { mockApi } from '../../../testing/fetch-mock';
import { adminUser, renderWithApp } from '../../../testing/render';
import { LoginPage } from './login-page';

// The browser's side of a passkey is @simplewebauthn/browser (the real prompt runs in the browser tests,
// with Chromium's virtual authenticator): here it answers or refuses as told.
const startAuthentication = vi.fn();
vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: (...args: unknown[]) => startAuthentication(...args),
}));

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/dashboard', element: <p>Pantalla del tablero</p> },
];
const answer = { id: 'llave', rawId: 'llave', type: 'public-key', response: { clientDataJSON: 'x' } };

beforeEach(() => vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {}));
afterEach(() => startAuthentication.mockReset());

describe('passkeys on the sign-in screen', () => {
  it('"Ingresar con una llave de acceso" signs in without a password; a cancelled prompt says so', async () => {
    const { requests } = mockApi({
      'POST /api/login/passkey/options': () => ({ body: { data: { challenge: 'reto' } } }),
      'POST /api/login/passkey': () => ({ body: { token: 'admin-token', user: adminUser } }),
    });
    const { user } = renderWithApp(null, { routes, route: '/login' });
    startAuthentication.mockRejectedValueOnce(
      Object.assign(new Error('cancel'), { name: 'NotAllowedError' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Ingresar con una llave de acceso' }));
    expect(await screen.findByText(PASSKEY_MSG.cancelled)).toBeInTheDocument();

    startAuthentication.mockResolvedValueOnce(answer);
    await user.click(screen.getByRole('button', { name: 'Ingresar con una llave de acceso' }));
    expect(await screen.findByText('Pantalla del tablero')).toBeInTheDocument();
    expect(startAuthentication).toHaveBeenLastCalledWith({ optionsJSON: { challenge: 'reto' } });
    expect(requests.at(-1)?.body).toEqual({ response: answer });
    expect(useAuthStore.getState().token).toBe('admin-token');
  });

  it('offers "Usar una llave de acceso" as the second step, and says when the server refuses it', async () => {
    let refuse = true;
    mockApi({
      'POST /api/login': () => ({ body: { mfa_required: true, methods: ['passkey'], mfa_token: 'paso-2' } }),
      'POST /api/login/mfa/passkey/options': () => ({ body: { data: { challenge: 'reto-2' } } }),
      'POST /api/login/mfa/passkey': () =>
        refuse
          ? { status: 401, body: { message: PASSKEY_MSG.invalid } }
          : { body: { token: 'admin-token', user: adminUser } },
    });
    startAuthentication.mockResolvedValue(answer);
    const { user } = renderWithApp(null, { routes, route: '/login' });
    await user.type(screen.getByLabelText('Email'), 'admin@demo.local');
    await user.type(screen.getByLabelText('Contraseña'), 'panel-demo-2026');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    const use = await screen.findByRole('button', { name: 'Usar una llave de acceso' });
    // Only a passkey: no code field.
    expect(screen.queryByRole('textbox', { name: 'Código de verificación' })).not.toBeInTheDocument();
    await user.click(use);
    expect(await screen.findByText(PASSKEY_MSG.invalid)).toBeInTheDocument();
    refuse = false;
    await user.click(use);
    expect(await screen.findByText('Pantalla del tablero')).toBeInTheDocument();
  });
});
