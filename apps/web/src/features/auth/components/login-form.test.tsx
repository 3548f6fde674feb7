import { AUTH_STORAGE_KEY, MFA_MSG, OIDC_MSG, RESET_MSG } from '@panel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '../../../lib/auth-store';
import { mockApi } from '../../../testing/fetch-mock';
import { adminUser, renderWithApp, sellerUser, signIn } from '../../../testing/render';
import { LoginPage } from './login-page';

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/dashboard', element: <p>Pantalla del tablero</p> },
];

function renderLogin() {
  return renderWithApp(null, { routes, route: '/login' });
}

async function fillAndSubmit(user: ReturnType<typeof renderLogin>['user'], email: string, password: string) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Contraseña'), password);
  await user.click(screen.getByRole('button', { name: 'Ingresar' }));
}

describe('login', () => {
  it('shows "Email inválido" and "Contraseña requerida" and sends nothing when the form is empty', async () => {
    const { requests } = mockApi({});
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('Email inválido')).toBeInTheDocument();
    expect(screen.getByText('Contraseña requerida')).toBeInTheDocument();
    // Only the question whether the company's sign-in is configured (GET /api/login/oidc).
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('shows "Email inválido" for a malformed email', async () => {
    mockApi({});
    const { user } = renderLogin();
    await fillAndSubmit(user, 'no-es-un-email', 'secreta');
    expect(await screen.findByText('Email inválido')).toBeInTheDocument();
    expect(screen.queryByText('Contraseña requerida')).not.toBeInTheDocument();
  });

  it('puts the focus on the first field with a message', async () => {
    mockApi({});
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'admin@demo.local');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('Contraseña requerida')).toBeInTheDocument();
    expect(screen.getByLabelText('Contraseña')).toHaveFocus();
  });

  it('checks nothing while typing until the first "Ingresar", then clears a message as the field is corrected', async () => {
    mockApi({});
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'no-es');
    expect(screen.queryByText('Email inválido')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('Email inválido')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), '@demo.local');
    await waitFor(() => expect(screen.queryByText('Email inválido')).not.toBeInTheDocument());
    expect(screen.getByText('Contraseña requerida')).toBeInTheDocument();
  });

  it('shows the alert "Credenciales inválidas" on a 401', async () => {
    mockApi({ 'POST /api/login': () => ({ status: 401, body: { message: 'Credenciales inválidas' } }) });
    const { user } = renderLogin();
    await fillAndSubmit(user, 'admin@demo.local', 'mala');
    expect(await screen.findByRole('alert')).toHaveTextContent('Credenciales inválidas');
    expect(screen.queryByRole('link', { name: 'Ir a la app de vendedores' })).not.toBeInTheDocument();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it("shows the server's message on a 429", async () => {
    mockApi({
      'POST /api/login': () => ({ status: 429, body: { message: 'Demasiados intentos. Esperá.' } }),
    });
    const { user } = renderLogin();
    await fillAndSubmit(user, 'admin@demo.local', 'x');
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiados intentos. Esperá.');
  });

  it('refuses a seller: gives the token back, keeps no session and says "Esta cuenta no tiene acceso al panel"', async () => {
    const { requests } = mockApi({
      'POST /api/login': () => ({ body: { token: 'seller-token', user: sellerUser } }),
      'POST /api/logout': () => ({ status: 204 }),
    });
    const { user } = renderLogin();
    await fillAndSubmit(user, 'vendedor@demo.local', 'vendedor-demo-2026');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Esta cuenta no tiene acceso al panel');
    // …followed by where sellers go instead (issue 21, item 8).
    expect(alert).toHaveTextContent(
      'Los vendedores usan la app de vendedores, con el mismo email y contraseña.',
    );
    expect(within(alert).getByRole('link', { name: 'Ir a la app de vendedores' })).toHaveAttribute(
      'href',
      '/comunidad/',
    );
    const logoutCall = requests.find((r) => r.url.pathname === '/api/logout');
    expect(logoutCall?.headers.get('Authorization')).toBe('Bearer seller-token');
    expect(useAuthStore.getState()).toMatchObject({ token: null, isAuthenticated: false });
    expect(localStorage.getItem(AUTH_STORAGE_KEY) ?? '').not.toContain('seller-token');
    expect(screen.queryByText('Pantalla del tablero')).not.toBeInTheDocument();
  });

  it('stores the session and goes to /dashboard on success', async () => {
    const { requests } = mockApi({
      'POST /api/login': () => ({ body: { token: 'admin-token', user: adminUser } }),
    });
    const { user, router } = renderLogin();
    await fillAndSubmit(user, '  Admin@Demo.Local ', 'panel-demo-2026');

    expect(await screen.findByText('Pantalla del tablero')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(requests.find((r) => r.url.pathname === '/api/login')?.body).toEqual({
      email: 'admin@demo.local',
      password: 'panel-demo-2026',
    });
    expect(useAuthStore.getState()).toMatchObject({
      token: 'admin-token',
      isAuthenticated: true,
      user: adminUser,
    });
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}').state.token).toBe('admin-token');
  });

  it('asks for the "Código de verificación" of an account with a second factor: a wrong code says so, the right one signs in', async () => {
    const { requests } = mockApi({
      'POST /api/login': () => ({ body: { mfa_required: true, methods: ['totp'], mfa_token: 'paso-2' } }),
      'POST /api/login/mfa': (request) =>
        (request.body as { code: string }).code === '123456'
          ? { body: { token: 'admin-token', user: adminUser } }
          : { status: 401, body: { message: MFA_MSG.codeInvalid, errors: { code: [MFA_MSG.codeInvalid] } } },
    });
    const { user, router } = renderLogin();
    await fillAndSubmit(user, 'admin@demo.local', 'panel-demo-2026');
    const code = await screen.findByRole('textbox', { name: 'Código de verificación' });
    expect(useAuthStore.getState().token).toBeNull();
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText(MFA_MSG.codeInvalid)).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Pantalla del tablero')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(requests.at(-1)?.body).toEqual({ mfa_token: 'paso-2', code: '123456' });
    expect(useAuthStore.getState().token).toBe('admin-token');
  });

  it('goes back to the email and password when the code step expired', async () => {
    mockApi({
      'POST /api/login': () => ({ body: { mfa_required: true, methods: ['totp'], mfa_token: 'paso-2' } }),
      'POST /api/login/mfa': () => ({ status: 401, body: { message: MFA_MSG.tokenExpired } }),
    });
    const { user } = renderLogin();
    await fillAndSubmit(user, 'admin@demo.local', 'panel-demo-2026');
    await user.type(await screen.findByRole('textbox', { name: 'Código de verificación' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText(MFA_MSG.tokenExpired)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });

  it('sends a signed-in user straight to /dashboard', async () => {
    mockApi({});
    signIn();
    renderLogin();
    expect(await screen.findByText('Pantalla del tablero')).toBeInTheDocument();
  });

  it('asks the email for a reset link and shows the one neutral answer', async () => {
    const { requests } = mockApi({
      'POST /api/password-reset': () => ({ status: 202, body: { message: RESET_MSG.sent } }),
    });
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: '¿Olvidaste tu contraseña?' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Olvidaste tu contraseña?' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar enlace' }));
    expect(await within(dialog).findByText('Email inválido')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Email'), ' Ana@Empresa.com ');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar enlace' }));
    expect(await within(dialog).findByText(RESET_MSG.sent)).toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname === '/api/password-reset').map((r) => r.body)).toEqual([
      { email: 'ana@empresa.com' },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Entendido' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's 429 in the dialog", async () => {
    mockApi({
      'POST /api/password-reset': () => ({ status: 429, body: { message: RESET_MSG.tooManyRequests } }),
    });
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: '¿Olvidaste tu contraseña?' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Olvidaste tu contraseña?' });
    await user.type(within(dialog).getByLabelText('Email'), 'ana@empresa.com');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar enlace' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(RESET_MSG.tooManyRequests);
  });

  describe('"Ingresar con la cuenta de la empresa" (OpenID Connect)', () => {
    it("is a link to the server's start when configured, and absent when not", async () => {
      mockApi({ 'GET /api/login/oidc': () => ({ body: { data: { enabled: true } } }) });
      renderLogin();
      const link = await screen.findByRole('link', { name: OIDC_MSG.button });
      expect(link).toHaveAttribute('href', '/api/login/oidc/start?app=panel');
    });

    it('is absent when the server says it is not configured', async () => {
      const { requests } = mockApi({ 'GET /api/login/oidc': () => ({ body: { data: { enabled: false } } }) });
      renderLogin();
      await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/login/oidc')).toBe(true));
      expect(screen.queryByRole('link', { name: OIDC_MSG.button })).not.toBeInTheDocument();
    });

    it("exchanges the one-time code of the address's fragment, removes it, and goes to /dashboard", async () => {
      window.history.replaceState(null, '', '/login#oidc_code=codigo-de-un-uso');
      const { requests } = mockApi({
        'GET /api/login/oidc': () => ({ body: { data: { enabled: true } } }),
        'POST /api/login/oidc/exchange': () => ({ body: { token: 'admin-token', user: adminUser } }),
      });
      renderLogin();
      expect(await screen.findByText('Pantalla del tablero')).toBeInTheDocument();
      expect(window.location.hash).toBe('');
      expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
        { code: 'codigo-de-un-uso' },
      ]);
      expect(useAuthStore.getState()).toMatchObject({ token: 'admin-token', isAuthenticated: true });
    });

    it('says why the company refused (#oidc_error=…), in Spanish', async () => {
      window.history.replaceState(null, '', '/login#oidc_error=unknown_email');
      mockApi({ 'GET /api/login/oidc': () => ({ body: { data: { enabled: true } } }) });
      renderLogin();
      expect(await screen.findByText(OIDC_MSG.unknownEmail)).toBeInTheDocument();
      expect(window.location.hash).toBe('');
    });
  });
});
