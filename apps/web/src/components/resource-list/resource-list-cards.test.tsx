import { IconEye } from '@tabler/icons-react';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type Fruit as Named, onPhone, pageOf, useFruitList } from '../../testing/list-fixtures';
import { renderWithApp } from '../../testing/render';
import type { ResourceListAction, ResourceListCard, ResourceListColumn } from './list-columns';
import { ResourceList } from './resource-list';

interface Fruit extends Named {
  color: string;
  stock: number;
}

const FRUITS: Fruit[] = Array.from({ length: 7 }, (_, i) => ({
  id: i + 1,
  name: `Fruta ${i + 1}`,
  color: i % 2 ? 'Roja' : 'Verde',
  stock: 10 * (i + 1),
}));

const columns: ResourceListColumn<Fruit>[] = [
  { key: 'name', header: 'Nombre', sortable: true },
  { key: 'color', header: 'Color', priority: 2 },
  { key: 'stock', header: 'Stock', sortable: true, width: 80, priority: 2 },
];
const card: ResourceListCard<Fruit> = {
  primary: (f) => f.name,
  secondary: (f) => `Color ${f.color}`,
  figures: ['stock'],
  thumbnail: (f) => <img alt={`Foto de ${f.name}`} src="data:," />,
};

function Harness({ onLook, onEdit }: { onLook: (f: Fruit) => void; onEdit: (f: Fruit) => void }) {
  const list = useFruitList((query) =>
    pageOf(query.sort === '-stock' ? [...FRUITS].reverse() : FRUITS, query),
  );
  const [selected, setSelected] = useState<Set<string | number>>(() => new Set());
  const [actions] = useState<ResourceListAction<Fruit>[]>(() => [
    { key: 'look', label: 'Mirar', icon: IconEye, display: 'button', onClick: onLook },
  ]);
  return (
    <ResourceList
      {...list}
      columns={columns}
      card={card}
      getRowName={(f) => f.name}
      rowActions={actions}
      onEdit={onEdit}
      selection={{ selected, onChange: setSelected, rowLabel: (f) => `Seleccionar ${f.name}` }}
    />
  );
}

const cardsOf = () => [...document.querySelectorAll<HTMLElement>('ul[aria-label="Lista de Frutas"] > li')];

// The cards render in the background (useDeferredValue), slowly under jsdom on a busy machine.
describe('ResourceList below 768 px', () => {
  onPhone();

  it('shows each record as a card: primary text, secondary line, figures, thumbnail, actions in a menu', async () => {
    const onLook = vi.fn();
    const onEdit = vi.fn();
    const { user } = renderWithApp(<Harness onLook={onLook} onEdit={onEdit} />, { route: '/fruits' });
    // The rows render a moment after the list (useDeferredValue).
    await waitFor(() => expect(cardsOf()).toHaveLength(5), { timeout: 5000 });
    expect(screen.getByLabelText('Lista de Frutas').tagName).toBe('UL');
    expect(document.querySelector('table')).toBeNull();
    const cards = cardsOf();
    const first = cards[0]!;
    expect(first).toHaveTextContent('Fruta 1');
    expect(first).toHaveTextContent('Color Verde');
    expect(within(first).getByText('Stock')).toBeInTheDocument();
    expect(within(first).getByText('10')).toBeInTheDocument();
    expect(within(first).getByAltText('Foto de Fruta 1')).toBeInTheDocument();

    await user.click(within(first).getByLabelText('Más acciones de Fruta 1'));
    // A selector, not a role query: role queries walk the whole page's Mantine markup under jsdom,
    // which took more than 5 s on a loaded machine (whole run of 2026-12-04 18:26).
    const menuItems = () => [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')];
    await waitFor(() => expect(menuItems()).toHaveLength(2), { timeout: 5000 });
    const items = menuItems();
    expect(items.map((item) => item.textContent)).toEqual(['Mirar', 'Editar']);
    await user.click(items[1]!);
    expect(onEdit).toHaveBeenCalledWith(FRUITS[0]);
    expect(onLook).not.toHaveBeenCalled();
  });

  it('still selects, pages and sorts', async () => {
    const { user, router } = renderWithApp(<Harness onLook={vi.fn()} onEdit={vi.fn()} />, {
      route: '/fruits',
    });
    // Label queries: role queries over a page of Mantine markup are slow under jsdom.
    await user.click(await screen.findByLabelText('Seleccionar Fruta 2', {}, { timeout: 5000 }));
    expect(screen.getByText('1 seleccionado')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Seleccionar todas'));
    expect(screen.getByText('5 seleccionados')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(await screen.findByText('6-7 de 7')).toBeInTheDocument();
    await waitFor(() => expect(cardsOf()).toHaveLength(2), { timeout: 5000 });
    expect(router.state.location.search).toBe('?page=2');

    await user.selectOptions(screen.getByLabelText('Ordenar por'), '-stock');
    expect(router.state.location.search).toBe('?sort=-stock');
    await waitFor(() => expect(cardsOf()[0]).toHaveTextContent('Fruta 7'), { timeout: 5000 });
  });
});
