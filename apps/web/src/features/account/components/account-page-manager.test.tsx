import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/fetch-mock';
import { managerUser, renderWithApp, signIn } from '../../../testing/render';
import AccountPage from './account-page';

describe('AccountPage for a branch manager', { timeout: 15_000 }, () => {
  it('offers their own second factor and passkeys, not the company sign-in rules', async () => {
    const { requests } = mockApi({
      'GET /api/me': () => ({
        body: {
          data: managerUser,
          meta: {
            time_zone: 'America/Argentina/Buenos_Aires',
            mfa: { enabled: false, required: false, recovery_codes_left: 0 },
          },
        },
      }),
      'GET /api/me/sessions': () => ({ body: { data: [], meta: { total: 0 } } }),
      'GET /api/me/passkeys': () => ({ body: { data: [] } }),
    });
    signIn(managerUser);
    renderWithApp(<AccountPage />);
    expect(await screen.findByRole('heading', { name: 'Verificación en dos pasos' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Llaves de acceso' })).toBeInTheDocument();
    expect(screen.getByText('Encargado')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Ingreso al panel' })).toBeNull();
    expect(requests.some((r) => r.url.pathname.startsWith('/api/settings'))).toBe(false);
  });
});
