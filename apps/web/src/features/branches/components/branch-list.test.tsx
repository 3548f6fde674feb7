import { MSG, type TBranch } from '@panel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/fetch-mock';
import { renderWithApp, signIn } from '../../../testing/render';
import { BranchList } from './branch-list';

const make = (id: number, name: string, city: string | null = 'Rosario'): TBranch => ({
  id,
  version: 1,
  name,
  city,
  address: `Calle ${id}`,
  has_connection_string: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

function setup(branches: TBranch[], deleteReply: { status: number; body?: unknown } = { status: 204 }) {
  let rows = [...branches];
  const api = mockApi({
    'GET /api/branches': (req) => {
      const city = req.url.searchParams.get('city');
      const data = rows.filter((b) => !city || b.city === city);
      return { body: { data, meta: { page: 1, per_page: 5, total: data.length, last_page: 1 } } };
    },
    'GET /api/branches/cities': () => ({ body: { data: ['Córdoba', 'Rosario'] } }),
    'DELETE /api/branches/1': () => {
      if (deleteReply.status === 204) rows = rows.filter((b) => b.id !== 1);
      return deleteReply;
    },
  });
  signIn();
  const view = renderWithApp(<BranchList />, { route: '/branches' });
  return { ...view, ...api };
}

describe('BranchList', () => {
  it('shows the title, breadcrumb, columns and "Cargando sucursales..." first', async () => {
    setup([make(1, 'Centro')]);
    expect(screen.getByRole('heading', { level: 1, name: 'Sucursales' })).toBeInTheDocument();
    expect(screen.getByText('Inicio / Sucursales')).toBeInTheDocument();
    expect(screen.getByText('Cargando sucursales...')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Búsqueda')).toBeInTheDocument();
    for (const name of ['Nombre', 'Ciudad', 'Dirección', 'Acciones']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(name) })).toBeInTheDocument();
    }
    expect(await screen.findByText('Centro')).toBeInTheDocument();
  });

  it('shows "Error al cargar sucursales" when the list fails without a message', async () => {
    mockApi({ 'GET /api/branches': () => new Response('', { status: 500 }) });
    signIn();
    renderWithApp(<BranchList />, { route: '/branches' });
    expect(await screen.findByText('Error al cargar sucursales')).toBeInTheDocument();
  });

  it('deletes after "Confirmar eliminación": toast, and the row leaves the list', async () => {
    const { user } = setup([make(1, 'Centro'), make(2, 'Norte')]);
    const row = (await screen.findByText('Centro')).closest('tr')!;
    expect(row).toHaveAttribute('data-id', '1');
    await user.click(within(row).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar eliminación' });
    expect(dialog).toHaveTextContent('¿Seguro que querés eliminar la sucursal «Centro»?');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));

    expect(await screen.findByText('Sucursal eliminada correctamente')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Centro')).not.toBeInTheDocument());
    expect(screen.getByText('Norte')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("a refused delete closes the dialog and toasts the server's message", async () => {
    const { user } = setup([make(1, 'Centro')], {
      status: 409,
      body: { message: 'No se puede eliminar la sucursal porque tiene vendedores.' },
    });
    const row = (await screen.findByText('Centro')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar eliminación' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));

    expect(
      await screen.findByText('No se puede eliminar la sucursal porque tiene vendedores.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Centro')).toBeInTheDocument();
  });

  it('the confirmation sends the version it showed (If-Match), and a 412 shows "Otra persona modificó…"', async () => {
    const { user, requests } = setup([{ ...make(1, 'Centro'), version: 3 }], {
      status: 412,
      body: { message: MSG.staleRecord },
    });
    const row = (await screen.findByText('Centro')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar eliminación' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));

    expect(await screen.findByText(MSG.staleRecord)).toBeInTheDocument();
    const deletes = requests.filter((r) => r.method === 'DELETE');
    expect(deletes).toHaveLength(1);
    expect(deletes[0]!.headers.get('if-match')).toBe('"3"');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Centro')).toBeInTheDocument();
    // The list is read again, to show the record as it is now.
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'GET' && r.url.pathname === '/api/branches')).toHaveLength(
        2,
      ),
    );
  });

  it('filters by city from the "Filtros" popover and counts the active filter', async () => {
    const { user, requests, router } = setup([make(1, 'Centro', 'Rosario'), make(2, 'Docta', 'Córdoba')]);
    await screen.findByText('Docta');
    await user.click(screen.getByRole('button', { name: 'Filtros' }));
    await user.click(await screen.findByRole('combobox', { name: 'Ciudad' }));
    await user.click(await screen.findByRole('option', { name: 'Córdoba', hidden: true }));

    await waitFor(() => expect(screen.queryByText('Centro')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe(`?city=${encodeURIComponent('Córdoba')}`);
    expect(requests.at(-1)?.url.searchParams.get('city')).toBe('Córdoba');
    expect(screen.getByRole('button', { name: 'Filtros (1 activo)' })).toBeInTheDocument();

    // jsdom has no layout, so Mantine hides the floating dropdown (detached target): query it hidden.
    await user.click(await screen.findByRole('button', { name: 'Limpiar filtros', hidden: true }));
    expect(await screen.findByText('Centro')).toBeInTheDocument();
  });

  it('opens "Nueva Sucursal" from "Agregar" and "Editar Sucursal" from the row', async () => {
    const { user } = setup([make(1, 'Centro')]);
    await screen.findByText('Centro');
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    expect(await screen.findByRole('dialog', { name: 'Nueva Sucursal' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(
      within(screen.getByText('Centro').closest('tr')!).getByRole('button', { name: 'Editar' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Editar Sucursal' });
    expect(within(dialog).getByLabelText(/Nombre/)).toHaveValue('Centro');
  });
});
