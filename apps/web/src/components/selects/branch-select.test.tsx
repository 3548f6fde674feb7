import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../testing/fetch-mock';
import { adminUser, managerUser, renderWithApp, signIn } from '../../testing/render';
import { BranchSelect } from './branch-select';

const BRANCHES = {
  data: [
    { id: 7, name: 'Centro' },
    { id: 8, name: 'Norte' },
  ],
  meta: { total: 2, page: 1, per_page: 100 },
};

async function optionsOf(viewer: typeof adminUser) {
  signIn(viewer);
  const { requests } = mockApi({ 'GET /api/branches': () => ({ body: BRANCHES }) });
  const { user } = renderWithApp(
    <BranchSelect label="Sucursal" allLabel="Todas las sucursales" value={null} onChange={vi.fn()} />,
  );
  const input = screen.getByRole('combobox', { name: 'Sucursal' });
  await user.click(input);
  const list = await screen.findByRole('listbox', { name: 'Sucursal', hidden: true });
  await within(list).findAllByRole('option', { name: /Centro/, hidden: true });
  const names = within(list)
    .getAllByRole('option', { hidden: true })
    .map((o) => o.textContent);
  return { input, names, requests };
}

describe('BranchSelect', () => {
  it('offers an administrator every branch and "Todas las sucursales"', async () => {
    const { names, input } = await optionsOf(adminUser);
    expect(names).toEqual(['Todas las sucursales', 'Centro', 'Norte']);
    expect(input).toHaveValue('Todas las sucursales');
  });

  it('offers a branch manager only their branch, chosen, without "every branch"', async () => {
    const { names, input, requests } = await optionsOf(managerUser);
    expect(names).toEqual(['Centro']);
    expect(input).toHaveValue('Centro');
    // Their branch comes from their own account: no branch list is asked for.
    expect(requests).toHaveLength(0);
  });
});
