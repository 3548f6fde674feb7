import type { TListResponse } from '@panel/shared';
import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { type Fruit, pageOf, useFruitList } from '../../testing/list-fixtures';
import { renderWithApp } from '../../testing/render';
import { rangeLabel } from './list-pagination';
import { SEARCH_DEBOUNCE_MS } from './list-search';
import { ResourceList } from './resource-list';
import { type ListQuery, nextSort } from './use-list-params';

const FRUITS: Fruit[] = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  name: `Fruta ${String(i + 1).padStart(2, '0')}`,
}));

/** A fake server: filters by q, sorts by name and pages, like the real API. */
function serve(query: ListQuery): TListResponse<Fruit> {
  let rows = FRUITS.filter((f) => !query.q || f.name.toLowerCase().includes(query.q.toLowerCase()));
  if (query.sort === '-name') rows = [...rows].reverse();
  return pageOf(rows, query);
}

function Harness({
  fetcher,
  onEdit,
  onDelete,
  canDelete,
  defaultPerPage = 5,
}: {
  fetcher: (q: ListQuery) => Promise<TListResponse<Fruit>>;
  onEdit?: (f: Fruit) => void;
  onDelete?: (f: Fruit) => void;
  canDelete?: (f: Fruit) => boolean;
  /** 5 rows page the 12 fruits three times; `null` leaves the panel's default. */
  defaultPerPage?: number | null;
}) {
  const list = useFruitList(fetcher, defaultPerPage);
  return (
    <ResourceList
      {...list}
      columns={[{ key: 'name', header: 'Nombre', sortable: true }]}
      card={{ primary: (f) => f.name }}
      onAdd={() => {}}
      onEdit={onEdit}
      onDelete={onDelete}
      canDelete={canDelete}
    />
  );
}

function setup(
  route = '/fruits',
  fetcher = vi.fn(async (q: ListQuery) => serve(q)),
  extra = {},
  queryClient?: QueryClient,
) {
  const view = renderWithApp(<Harness fetcher={fetcher} {...extra} />, { route, queryClient });
  return { ...view, fetcher };
}

const dataRows = () => screen.getAllByRole('row').slice(1);

describe('ResourceList', () => {
  it('shows the banner, the breadcrumb, the default search placeholder and "Agregar"', async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Frutas' })).toBeInTheDocument();
    expect(screen.getByText('Inicio / Frutas')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Búsqueda...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Agregar' })).toBeInTheDocument();
    expect(await screen.findByText('Fruta 01')).toBeInTheDocument();
  });

  it('shows "Cargando datos..." while the first page loads', () => {
    setup(
      '/fruits',
      vi.fn(() => new Promise<never>(() => {})),
    );
    expect(screen.getByText('Cargando datos...')).toBeInTheDocument();
  });

  it('shows "No hay datos disponibles." for an empty list', async () => {
    setup('/fruits?q=kiwi');
    expect(await screen.findByText('No hay datos disponibles.')).toBeInTheDocument();
    expect(screen.getByText('0-0 de 0')).toBeInTheDocument();
  });

  it('shows the server message when loading fails', async () => {
    const { ApiError } = await import('../../lib/api-client');
    setup(
      '/fruits',
      vi.fn(async () => Promise.reject(new ApiError(500, 'Se cayó el servidor', { hasServerMessage: true }))),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Se cayó el servidor');
  });

  it('offers "Reintentar" next to the failure, and shows the rows once a retry succeeds', async () => {
    const { ApiError } = await import('../../lib/api-client');
    const fetcher = vi
      .fn(async (q: ListQuery) => serve(q))
      .mockRejectedValueOnce(new ApiError(503, 'Error al cargar datos'));
    const { user } = setup('/fruits', fetcher);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar datos');
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Fruta 01')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('with the app\'s own query client, shows the error and "Reintentar" after the first failed attempt, not after retries (issue 28, item 18)', async () => {
    const { ApiError } = await import('../../lib/api-client');
    const fetcher = vi.fn(async (_q: ListQuery): Promise<TListResponse<Fruit>> => {
      throw new ApiError(502, 'Error al cargar datos');
    });
    setup('/fruits', fetcher, {}, createQueryClient());
    // Shown after one call: react-query's default retries would have called again (after 1 s and 2 s) before
    // showing it. The count says so without a clock (a time limit here failed on a loaded machine: 974 ms).
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar datos');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('pages on the server: "1-5 de 12", next, next, previous', async () => {
    const { user, fetcher, router } = setup();
    expect(await screen.findByText('1-5 de 12')).toBeInTheDocument();
    expect(screen.getByText('Filas por página:')).toBeInTheDocument();
    // A new page's rows render in the background (useDeferredValue), a moment after the counter.
    await waitFor(() => expect(dataRows()).toHaveLength(5));
    expect(screen.getByRole('button', { name: 'Página anterior' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(await screen.findByText('6-10 de 12')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(fetcher).toHaveBeenLastCalledWith({ page: 2, per_page: 5 });

    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(await screen.findByText('11-12 de 12')).toBeInTheDocument();
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Página siguiente' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Página anterior' }));
    expect(await screen.findByText('6-10 de 12')).toBeInTheDocument();
  });

  it('opens with 10 rows, and remembers the size picked for this list in this browser (issue 28, item 18)', async () => {
    localStorage.clear();
    const first = setup('/fruits', undefined, { defaultPerPage: null });
    expect(await screen.findByText('1-10 de 12')).toBeInTheDocument();
    expect(first.fetcher).toHaveBeenLastCalledWith({ page: 1, per_page: 10 });
    await first.user.selectOptions(screen.getByLabelText('Filas por página:'), '20');
    expect(await screen.findByText('1-12 de 12')).toBeInTheDocument();
    first.unmount();

    // Another visit to the list, without per_page in its address: the size picked last time.
    const again = setup('/fruits', undefined, { defaultPerPage: null });
    expect(await screen.findByText('1-12 de 12')).toBeInTheDocument();
    expect(again.fetcher).toHaveBeenLastCalledWith({ page: 1, per_page: 20 });
    again.unmount();
    // Another list keeps its own default.
    setup('/otra-lista', undefined, { defaultPerPage: null });
    expect(await screen.findByText('1-10 de 12')).toBeInTheDocument();
    localStorage.clear();
  });

  it('changes the page size from the "Filas por página" select and goes back to page 1', async () => {
    const { user } = setup('/fruits?page=2');
    expect(await screen.findByText('6-10 de 12')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Filas por página:'), '10');
    expect(await screen.findByText('1-10 de 12')).toBeInTheDocument();
  });

  it('reads its state from the URL, so a reload keeps page and sort', async () => {
    setup('/fruits?page=3&sort=-name');
    expect(await screen.findByText('11-12 de 12')).toBeInTheDocument();
    // The rows of a new page render deferred (useDeferredValue), after the pager's text.
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(within(dataRows()[0]!).getByText('Fruta 02')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Nombre/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('toggles sorting on the header: ascending, descending, none', async () => {
    const { user, router } = setup('/fruits?page=2');
    await screen.findByText('6-10 de 12');
    const header = screen.getByRole('columnheader', { name: /Nombre/ });
    expect(header).toHaveAttribute('aria-sort', 'none');

    await user.click(within(header).getByRole('button', { name: /Nombre/ }));
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'ascending'));
    expect(router.state.location.search).toBe('?sort=name'); // and back to page 1

    await user.click(within(header).getByRole('button', { name: /Nombre/ }));
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'descending'));
    expect(router.state.location.search).toBe('?sort=-name');
    expect(await screen.findByText('Fruta 12')).toBeInTheDocument();

    await user.click(within(header).getByRole('button', { name: /Nombre/ }));
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'none'));
    expect(router.state.location.search).toBe('');
  });

  it('debounces the search, sends it once and goes back to page 1', async () => {
    const { user, fetcher, router } = setup('/fruits?page=2');
    await screen.findByText('6-10 de 12');
    fetcher.mockClear();

    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'uta 1');
    // Typing is done but the pause has not passed: nothing was sent for any keystroke yet.
    expect(fetcher).not.toHaveBeenCalled();

    await waitFor(() => expect(fetcher).toHaveBeenCalledWith({ page: 1, per_page: 5, q: 'uta 1' }), {
      timeout: SEARCH_DEBOUNCE_MS * 4,
    });
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(router.state.location.search).toBe('?q=uta+1');
    expect(await screen.findByText('1-3 de 3')).toBeInTheDocument();
  });

  it('offers "Editar" and "Eliminar" in the "Acciones" column', async () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const { user } = setup('/fruits', undefined, { onEdit, onDelete });
    await screen.findByText('Fruta 01');
    expect(screen.getByRole('columnheader', { name: 'Acciones' })).toBeInTheDocument();
    const first = dataRows()[0]!;
    await user.click(within(first).getByRole('button', { name: 'Editar' }));
    expect(onEdit).toHaveBeenCalledWith(FRUITS[0]);
    await user.click(within(first).getByRole('button', { name: 'Eliminar' }));
    expect(onDelete).toHaveBeenCalledWith(FRUITS[0]);
    expect(within(first).getByRole('button', { name: 'Editar' })).toHaveAttribute('title', 'Editar');
  });

  it('leaves "Eliminar" out of the rows canDelete refuses', async () => {
    setup('/fruits', undefined, { onEdit: vi.fn(), onDelete: vi.fn(), canDelete: (f: Fruit) => f.id !== 1 });
    await screen.findByText('Fruta 01');
    const [first, second] = dataRows();
    expect(within(first!).queryByRole('button', { name: 'Eliminar' })).toBeNull();
    expect(within(first!).getByRole('button', { name: 'Editar' })).toBeInTheDocument();
    expect(within(second!).getByRole('button', { name: 'Eliminar' })).toBeInTheDocument();
  });
});

describe('list helpers', () => {
  it('words the range "a-b de total"', () => {
    expect(rangeLabel(1, 5, 12)).toBe('1-5 de 12');
    expect(rangeLabel(3, 5, 12)).toBe('11-12 de 12');
    expect(rangeLabel(1, 5, 0)).toBe('0-0 de 0');
  });

  it('cycles a column through ascending, descending and unsorted', () => {
    expect(nextSort('', 'name')).toBe('name');
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBe('');
    expect(nextSort('-city', 'name')).toBe('name');
  });
});
