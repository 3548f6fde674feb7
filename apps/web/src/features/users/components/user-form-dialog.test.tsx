import { MSG } from '@panel/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/fetch-mock';
import { adminUser, managerUser, renderWithApp, sellerUser, signIn } from '../../../testing/render';
import { UserFormDialog } from './user-form-dialog';

const BRANCHES = { data: [{ id: 7, name: 'Centro' }], meta: { total: 1, page: 1, per_page: 100 } };

function renderDialog(viewer = adminUser) {
  signIn(viewer);
  const api = mockApi({
    'GET /api/branches': () => ({ body: BRANCHES }),
    'POST /api/users': (req) => ({
      status: 201,
      body: { data: { ...sellerUser, ...(req.body as object), id: 9 } },
    }),
  });
  const view = renderWithApp(<UserFormDialog opened user={null} onClose={vi.fn()} />);
  return { ...view, ...api };
}

async function fillPerson(user: ReturnType<typeof renderDialog>['user']) {
  await user.type(screen.getByLabelText(/^Nombre/), 'Nadia Nueva');
  await user.type(screen.getByLabelText(/^Email/), 'nadia@demo.local');
  await user.type(screen.getByLabelText(/^Contraseña inicial/), 'una-clave-larga-9');
}

describe('UserFormDialog: the role and the branch', () => {
  it('edits a person without a password, and an administrator may make them a manager of a branch', async () => {
    signIn(adminUser);
    const { requests } = mockApi({
      'GET /api/branches': () => ({ body: BRANCHES }),
      'GET /api/branches/7': () => ({ body: { data: BRANCHES.data[0] } }),
      [`PUT /api/users/${sellerUser.id}`]: (req) => ({
        body: { data: { ...sellerUser, ...(req.body as object) } },
      }),
    });
    const { user } = renderWithApp(
      <UserFormDialog
        opened
        user={{ ...sellerUser, branch_id: 7, branch_name: 'Centro' }}
        onClose={vi.fn()}
      />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Rol' }));
    await user.click(screen.getByRole('option', { name: 'Encargado de sucursal', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Vendedor actualizado correctamente')).toBeInTheDocument();
    const sent = requests.find((r) => r.method === 'PUT')?.body;
    expect(sent).toMatchObject({ role: 'branch_manager', branch_id: 7 });
    expect(sent).not.toHaveProperty('password');
  });

  it("offers an administrator the three roles by their whole names, and a manager's branch is required", async () => {
    const { user, requests } = renderDialog(adminUser);
    await user.click(screen.getByRole('combobox', { name: 'Rol' }));
    const roles = await screen.findByRole('listbox', { name: 'Rol', hidden: true });
    const options = within(roles).getAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['Vendedor', 'Encargado de sucursal', 'Administrador']);
    await user.click(screen.getByRole('option', { name: 'Encargado de sucursal', hidden: true }));
    await fillPerson(user);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.managerBranchRequired)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('gives a manager no role to choose and their own branch, already chosen: they add a seller there', async () => {
    const { user, requests } = renderDialog(managerUser);
    expect(screen.queryByRole('combobox', { name: 'Rol' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Sucursal' })).toHaveValue('Centro');
    await user.click(screen.getByRole('combobox', { name: 'Sucursal' }));
    const branches = await screen.findByRole('listbox', { name: 'Sucursal', hidden: true });
    const options = within(branches).getAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['Centro']);
    await user.keyboard('{Escape}');
    await fillPerson(user);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Vendedor creado correctamente')).toBeInTheDocument();
    const sent = requests.find((r) => r.method === 'POST')?.body;
    expect(sent).toMatchObject({ role: 'seller', branch_id: 7, name: 'Nadia Nueva' });
    // The branch list is never asked for: a manager has one branch.
    expect(requests.some((r) => r.url.pathname === '/api/branches')).toBe(false);
  });
});
