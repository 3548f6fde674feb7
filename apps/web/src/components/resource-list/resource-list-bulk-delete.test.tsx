import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../testing/fetch-mock';
import { type Fruit, fruitsOf, onPhone, pageOf, useFruitList } from '../../testing/list-fixtures';
import { renderWithApp } from '../../testing/render';
import type { ResourceListBulkDelete } from './bulk-delete';
import { ResourceList } from './resource-list';

let fruits: Fruit[] = [];

const BULK: ResourceListBulkDelete<Fruit> = {
  resource: 'fruits',
  noun: { one: 'fruta', many: 'frutas' },
  rowLabel: (f) => `Seleccionar ${f.name}`,
  failure: 'Error al eliminar frutas',
};

function Harness() {
  const list = useFruitList((query) => pageOf(fruits, query));
  return (
    <ResourceList
      {...list}
      columns={[{ key: 'name', header: 'Nombre' }]}
      card={{ primary: (f) => f.name }}
      getRowName={(f) => f.name}
      bulkDelete={BULK}
    />
  );
}

const bar = () => screen.getByRole('region', { name: 'Filas seleccionadas' });

describe('ResourceList "Eliminar seleccionadas" (issue 21, item 10)', () => {
  beforeEach(() => {
    fruits = fruitsOf(4);
  });

  it('asks with the count, deletes the selected rows in one request and clears the selection', async () => {
    const api = mockApi({
      'POST /api/fruits/bulk-delete': (req) => {
        const { ids } = req.body as { ids: number[] };
        fruits = fruits.filter((f) => !ids.includes(f.id));
        return { body: { data: { deleted: ids.length } } };
      },
    });
    const { user } = renderWithApp(<Harness />, { route: '/fruits' });
    await user.click(
      await screen.findByRole('checkbox', { name: 'Seleccionar Fruta 1' }, { timeout: 10_000 }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar Fruta 3' }));
    expect(bar()).toHaveTextContent('2 seleccionados');
    await user.click(within(bar()).getByRole('button', { name: 'Eliminar seleccionadas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar seleccionadas' });
    expect(dialog).toHaveTextContent('¿Eliminar 2 frutas? No se puede deshacer.');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar 2' }));
    expect(await screen.findByText('Se eliminaron 2 frutas')).toBeInTheDocument();
    const posts = api.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ ids: [1, 3] });
    await waitFor(() => expect(screen.queryByText('Fruta 1')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Filas seleccionadas' })).not.toBeInTheDocument();
    expect(screen.getByText('Fruta 2')).toBeInTheDocument();
  });

  it("shows the server's message when it refuses, and keeps the rows and the selection", async () => {
    mockApi({
      'POST /api/fruits/bulk-delete': () => ({
        status: 404,
        body: { message: 'Alguna de las frutas elegidas ya no existe: no se eliminó ninguna' },
      }),
    });
    const { user } = renderWithApp(<Harness />, { route: '/fruits' });
    await user.click(
      await screen.findByRole('checkbox', { name: 'Seleccionar Fruta 2' }, { timeout: 10_000 }),
    );
    await user.click(within(bar()).getByRole('button', { name: 'Eliminar seleccionadas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar seleccionadas' });
    expect(dialog).toHaveTextContent('¿Eliminar 1 fruta?');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar 1' }));
    expect(
      await screen.findByText('Alguna de las frutas elegidas ya no existe: no se eliminó ninguna'),
    ).toBeInTheDocument();
    expect(screen.getByText('Fruta 2')).toBeInTheDocument();
    expect(bar()).toHaveTextContent('1 seleccionado');
  });

  describe('on a phone (cards)', () => {
    onPhone();

    it('selects cards and deletes them the same way', async () => {
      mockApi({
        'POST /api/fruits/bulk-delete': (req) => {
          const { ids } = req.body as { ids: number[] };
          fruits = fruits.filter((f) => !ids.includes(f.id));
          return { body: { data: { deleted: ids.length } } };
        },
      });
      const { user } = renderWithApp(<Harness />, { route: '/fruits' });
      const box = await screen.findByRole('checkbox', { name: 'Seleccionar Fruta 4' }, { timeout: 10_000 });
      expect(document.querySelector('table')).toBeNull();
      await user.click(box);
      await user.click(within(bar()).getByRole('button', { name: 'Eliminar seleccionadas' }));
      const dialog = await screen.findByRole('dialog', { name: 'Eliminar seleccionadas' });
      await user.click(within(dialog).getByRole('button', { name: 'Eliminar 1' }));
      expect(await screen.findByText('Se eliminó 1 fruta')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByText('Fruta 4')).not.toBeInTheDocument());
    });
  });
});
