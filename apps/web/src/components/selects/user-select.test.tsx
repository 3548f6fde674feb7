import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../testing/fetch-mock';
import { adminUser, renderWithApp, sellerUser, signIn } from '../../testing/render';
import { UserSelect } from './user-select';

const list = (rows: unknown[]) => ({
  body: { data: rows, meta: { page: 1, per_page: 50, total: rows.length, last_page: 1 } },
});

describe('UserSelect (issue 29: one user select for the panel)', () => {
  it('lists everyone by name, searched on the server, and gives the chosen id', async () => {
    const { requests } = mockApi({ 'GET /api/users': () => list([adminUser, sellerUser]) });
    signIn();
    const onChange = vi.fn();
    const { user } = renderWithApp(<UserSelect label="Usuario" value={null} onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Usuario' }));
    await user.click(await screen.findByRole('option', { name: 'Vera Vendedora', hidden: true }));
    expect(onChange).toHaveBeenCalledWith(sellerUser.id);
    const first = requests.find((r) => r.url.pathname === '/api/users')!;
    expect(first.url.searchParams.get('role')).toBeNull();
    expect(first.url.searchParams.get('per_page')).toBe('50');
    expect(first.url.searchParams.get('sort')).toBe('name');
  });

  it('with onlyRole and withEmail, asks only for that role and reads "Name (email)"; a chosen one not loaded keeps its label', async () => {
    const other = { ...adminUser, id: 77, name: 'Otra Admin', email: 'otra@demo.local' };
    const { requests } = mockApi({
      'GET /api/users': () => list([adminUser]),
      'GET /api/users/77': () => ({ body: { data: other } }),
    });
    signIn();
    const { user } = renderWithApp(
      <UserSelect label="Administrador" onlyRole="admin" withEmail value={77} onChange={() => {}} />,
    );
    const input = screen.getByRole('combobox', { name: 'Administrador' });
    await waitFor(() => expect(input).toHaveValue('Otra Admin (otra@demo.local)'));
    await user.click(input);
    expect(
      await screen.findByRole('option', { name: 'Ana Administradora (admin@demo.local)', hidden: true }),
    ).toBeInTheDocument();
    expect(requests.find((r) => r.url.pathname === '/api/users')!.url.searchParams.get('role')).toBe('admin');
    // The chosen label in the box is no search: no request asks for it.
    expect(requests.some((r) => r.url.searchParams.get('q') === 'Otra Admin (otra@demo.local)')).toBe(false);
  });
});
