import { MFA_MSG, type TSession } from '@panel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '../../../lib/auth-store';
import { mockApi } from '../../../testing/fetch-mock';
import { adminUser, renderWithApp, signIn } from '../../../testing/render';
import AccountPage from './account-page';

const now = new Date().toISOString();
const session = (id: number, device: string, current = false): TSession => ({
  id,
  device,
  ip: `10.0.0.${id}`,
  created_at: now,
  last_seen_at: now,
  current,
});
const list = (...data: TSession[]) => ({ body: { data, meta: { total: data.length } } });
/** GET /api/me with the account's second factor. */
const me = (mfa: { enabled: boolean; required?: boolean; recovery_codes_left?: number }) => () => ({
  body: {
    data: adminUser,
    meta: {
      time_zone: 'America/Argentina/Buenos_Aires',
      mfa: { required: false, recovery_codes_left: 0, ...mfa },
    },
  },
});

describe('AccountPage', { timeout: 15_000 }, () => {
  it('shows the account and its sessions, and "Cerrar las demás" ends them with the count in a toast', async () => {
    let sessions = [
      session(1, 'Chrome en Windows', true),
      session(2, 'Safari en iPhone'),
      session(3, 'Firefox en Linux'),
    ];
    const { requests } = mockApi({
      'GET /api/me': me({ enabled: false }),
      'GET /api/me/sessions': () => list(...sessions),
      'POST /api/me/sessions/end-others': () => {
        sessions = sessions.filter((s) => s.current);
        return { body: { data: { ended: 2 } } };
      },
    });
    signIn();
    const { user } = renderWithApp(<AccountPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeInTheDocument();
    expect(screen.getByText(adminUser.email)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Sesiones abiertas' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByText('esta sesión')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cerrar las demás' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cerrar las demás sesiones?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar las demás' }));
    expect(await screen.findByText('Se cerraron 2 sesiones')).toBeInTheDocument();
    expect(
      requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/me/sessions/end-others'),
    ).toBe(true);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Cerrar las demás' })).toBeNull();
  });

  it('ending this very session signs out of the panel', async () => {
    mockApi({
      'GET /api/me': me({ enabled: false }),
      'GET /api/me/sessions': () => list(session(1, 'Chrome en Windows', true)),
      'DELETE /api/me/sessions/1': () => ({ status: 204 }),
    });
    signIn();
    const { user } = renderWithApp(<AccountPage />);
    await user.click(
      await screen.findByRole('button', { name: 'Cerrar la sesión de Chrome en Windows (esta sesión)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: '¿Cerrar esta sesión?' });
    expect(dialog).toHaveTextContent('vas a salir del panel');
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar sesión' }));
    expect(await screen.findByText('Sesión cerrada')).toBeInTheDocument();
    expect(useAuthStore.getState().token).toBeNull();
  });

  it("says when the sessions cannot load, with the server's message", async () => {
    mockApi({
      'GET /api/settings/sign-in': () => ({
        body: {
          data: {
            mfa_required: false,
            mfa_required_by_server: false,
            oidc_only: false,
            oidc_available: false,
          },
        },
      }),
      'GET /api/me/passkeys': () => ({ body: { data: [] } }),
      'GET /api/me': me({ enabled: false }),
      'GET /api/me/sessions': () => ({ status: 503, body: { message: 'Servicio no disponible' } }),
    });
    signIn();
    renderWithApp(<AccountPage />);
    expect(await screen.findByText('No se pudieron cargar las sesiones.')).toBeInTheDocument();
    expect(screen.getByText('Servicio no disponible')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('"Verificación en dos pasos": Activar shows the QR code and the key, the first code shows the 10 recovery codes once', async () => {
    let enabled = false;
    const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
    const { requests } = mockApi({
      'GET /api/me': () => me({ enabled, recovery_codes_left: enabled ? 10 : 0 })(),
      'GET /api/me/sessions': () => list(session(1, 'Chrome en Windows', true)),
      'POST /api/me/mfa/totp/setup': () => ({
        body: {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauth_url: 'otpauth://totp/x',
          qr_svg: '<svg></svg>',
        },
      }),
      'POST /api/me/mfa/totp/confirm': (request) => {
        if ((request.body as { code: string }).code !== '123456')
          return { status: 400, body: { message: 'x', errors: { code: [MFA_MSG.codeInvalid] } } };
        enabled = true;
        return { body: { recovery_codes: codes } };
      },
    });
    signIn();
    const { user } = renderWithApp(<AccountPage />);
    await user.click(await screen.findByRole('button', { name: 'Activar' }));
    expect(
      await screen.findByRole('img', { name: 'Código QR para la aplicación de autenticación' }),
    ).toBeInTheDocument();
    expect(screen.getByText('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: /Código de verificación/ });
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(MFA_MSG.codeInvalid)).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Guardá tus códigos de recuperación')).toBeInTheDocument();
    for (const code of codes) expect(screen.getByText(code)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Listo' }));
    expect(await screen.findByText('Te quedan 10 códigos de recuperación.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Desactivar' })).toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname === '/api/me/mfa/totp/confirm')).toHaveLength(2);
  });

  it('says a second factor is required while MFA_REQUIRED is on', async () => {
    mockApi({
      'GET /api/me': me({ enabled: false, required: true }),
      'GET /api/me/sessions': () => list(session(1, 'Chrome en Windows', true)),
    });
    signIn();
    renderWithApp(<AccountPage />);
    expect(await screen.findByText(MFA_MSG.setupRequired)).toBeInTheDocument();
  });

  it('"Ingreso al panel": the switch requires a second factor of every panel account; refused, it says why and stays off', async () => {
    let saved = false;
    let ownFactor = false;
    const { requests } = mockApi({
      'GET /api/me': me({ enabled: ownFactor }),
      'GET /api/me/sessions': () => list(session(1, 'Chrome en Windows', true)),
      'GET /api/settings/sign-in': () => ({
        body: {
          data: {
            mfa_required: saved,
            mfa_required_by_server: false,
            oidc_only: false,
            oidc_available: false,
          },
        },
      }),
      'PUT /api/settings/sign-in': ({ body }) => {
        if (!ownFactor) return { status: 409, body: { message: MFA_MSG.ownFactorFirst } };
        saved = (body as { mfa_required: boolean }).mfa_required;
        return {
          body: {
            data: {
              mfa_required: saved,
              mfa_required_by_server: false,
              oidc_only: false,
              oidc_available: false,
            },
          },
        };
      },
    });
    signIn();
    const { user } = renderWithApp(<AccountPage />);
    const rule = await screen.findByRole('switch', {
      name: /^Exigir la verificación en dos pasos a todas las cuentas del panel/,
    });
    expect(rule).not.toBeChecked();
    await user.click(rule);
    expect(await screen.findByText(MFA_MSG.ownFactorFirst)).toBeInTheDocument();
    expect(rule).not.toBeChecked();

    ownFactor = true;
    await user.click(rule);
    expect(await screen.findByText('Verificación en dos pasos obligatoria.')).toBeInTheDocument();
    await waitFor(() => expect(rule).toBeChecked());
    const puts = requests.filter((r) => r.method === 'PUT' && r.url.pathname === '/api/settings/sign-in');
    expect(puts.map((r) => r.body)).toEqual([
      { mfa_required: true, oidc_only: false },
      { mfa_required: true, oidc_only: false },
    ]);
    // OpenID Connect is not configured on this server: no "only with the company's account" switch.
    expect(screen.queryByRole('switch', { name: /^Ingresar solo con la cuenta de la empresa/ })).toBeNull();
  });

  it('"Ingreso al panel" shows the rule on and fixed while MFA_REQUIRED requires it', async () => {
    mockApi({
      'GET /api/me': me({ enabled: true, required: true, recovery_codes_left: 10 }),
      'GET /api/me/sessions': () => list(session(1, 'Chrome en Windows', true)),
      'GET /api/settings/sign-in': () => ({
        body: {
          data: {
            mfa_required: false,
            mfa_required_by_server: true,
            oidc_only: false,
            oidc_available: false,
          },
        },
      }),
    });
    signIn();
    renderWithApp(<AccountPage />);
    const rule = await screen.findByRole('switch', {
      name: /^Exigir la verificación en dos pasos a todas las cuentas del panel/,
    });
    expect(rule).toBeChecked();
    expect(rule).toBeDisabled();
    expect(screen.getByText('La exige la configuración del servidor (MFA_REQUIRED).')).toBeInTheDocument();
  });

  it('"Ingreso al panel": with OpenID Connect configured, panel accounts can be let in only with the company\'s account', async () => {
    let saved = { mfa_required: true, oidc_only: false };
    const { requests } = mockApi({
      'GET /api/me': me({ enabled: true }),
      'GET /api/me/sessions': () => list(session(1, 'Chrome en Windows', true)),
      'GET /api/settings/sign-in': () => ({
        body: { data: { ...saved, mfa_required_by_server: false, oidc_available: true } },
      }),
      'PUT /api/settings/sign-in': ({ body }) => {
        saved = body as typeof saved;
        return { body: { data: { ...saved, mfa_required_by_server: false, oidc_available: true } } };
      },
    });
    signIn();
    const { user } = renderWithApp(<AccountPage />);
    const only = await screen.findByRole('switch', { name: /^Ingresar solo con la cuenta de la empresa/ });
    expect(only).not.toBeChecked();
    await user.click(only);
    expect(
      await screen.findByText('Las cuentas del panel ingresan solo con la cuenta de la empresa.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(only).toBeChecked());
    const puts = requests.filter((r) => r.method === 'PUT' && r.url.pathname === '/api/settings/sign-in');
    // The other rule is sent as it was: saving one never turns the other off.
    expect(puts.map((r) => r.body)).toEqual([{ mfa_required: true, oidc_only: true }]);
  });
});
