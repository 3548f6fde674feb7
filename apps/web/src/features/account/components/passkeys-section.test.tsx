import { PASSKEY_MSG, type TPasskey } from '@panel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/fetch-mock';
import { renderWithApp, signIn } from '../../../testing/render';
import { PasskeysSection } from './passkeys-section';

const startRegistration = vi.fn();
vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: (...args: unknown[]) => startRegistration(...args),
}));

const key = (id: number, name: string): TPasskey => ({
  id,
  name,
  created_at: '2026-12-04T13:00:00.000Z',
  last_used_at: null,
});

beforeEach(() => vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {}));
afterEach(() => startRegistration.mockReset());

describe('PasskeysSection', () => {
  it('"Agregar llave de acceso" asks the browser and keeps its answer; "Quitar" asks for the password', async () => {
    let keys: TPasskey[] = [];
    const { requests } = mockApi({
      'GET /api/me/passkeys': () => ({ body: { data: keys } }),
      'GET /api/me/passkeys/options': () => ({ body: { data: { challenge: 'reto' } } }),
      'POST /api/me/passkeys': () => {
        keys = [key(1, 'Chrome en Linux')];
        return { status: 201, body: { data: keys[0] } };
      },
      'DELETE /api/me/passkeys/1': ({ body }) => {
        if ((body as { password: string }).password !== 'la-correcta') {
          return {
            status: 400,
            body: { message: 'x', errors: { password: ['La contraseña o el código no son correctos'] } },
          };
        }
        keys = [];
        return { status: 204 };
      },
    });
    signIn();
    startRegistration.mockResolvedValue({ id: 'llave' });
    const { user } = renderWithApp(<PasskeysSection />);
    expect(await screen.findByText('Todavía no agregaste ninguna llave de acceso.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Agregar llave de acceso' }));
    expect(await screen.findByText(PASSKEY_MSG.added)).toBeInTheDocument();
    expect(await screen.findByText('Chrome en Linux')).toBeInTheDocument();
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'reto' } });
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ response: { id: 'llave' } });

    await user.click(screen.getByRole('button', { name: 'Quitar la llave de acceso Chrome en Linux' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Quitar la llave de acceso?' });
    await user.type(within(dialog).getByLabelText('Contraseña actual'), 'otra');
    await user.click(within(dialog).getByRole('button', { name: 'Quitar' }));
    expect(await within(dialog).findByText('La contraseña o el código no son correctos')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Contraseña actual'));
    await user.type(within(dialog).getByLabelText('Contraseña actual'), 'la-correcta');
    await user.click(within(dialog).getByRole('button', { name: 'Quitar' }));
    expect(await screen.findByText(PASSKEY_MSG.removed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Chrome en Linux')).not.toBeInTheDocument());
  });

  it('says when the browser prompt was cancelled, and adds nothing', async () => {
    const { requests } = mockApi({
      'GET /api/me/passkeys': () => ({ body: { data: [] } }),
      'GET /api/me/passkeys/options': () => ({ body: { data: { challenge: 'reto' } } }),
    });
    signIn();
    startRegistration.mockRejectedValue(Object.assign(new Error('no'), { name: 'NotAllowedError' }));
    const { user } = renderWithApp(<PasskeysSection />);
    await user.click(await screen.findByRole('button', { name: 'Agregar llave de acceso' }));
    expect(await screen.findByText(PASSKEY_MSG.cancelled)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });
});
