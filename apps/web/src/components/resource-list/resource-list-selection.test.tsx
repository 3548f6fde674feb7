import { Button } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fruitsOf, pageOf, useFruitList } from '../../testing/list-fixtures';
import { renderWithApp } from '../../testing/render';
import { ResourceList } from './resource-list';

const FRUITS = fruitsOf(7);

function Harness({ onApply }: { onApply: (ids: (string | number)[]) => void }) {
  const list = useFruitList((query) => pageOf(FRUITS, query));
  const [selected, setSelected] = useState<Set<string | number>>(() => new Set());
  return (
    <ResourceList
      {...list}
      columns={[{ key: 'name', header: 'Nombre' }]}
      card={{ primary: (f) => f.name }}
      toolbar={<Button>Exportar</Button>}
      selection={{
        selected,
        onChange: setSelected,
        rowLabel: (f) => `Seleccionar ${f.name}`,
        actions: <Button onClick={() => onApply([...selected])}>Aplicar</Button>,
      }}
    />
  );
}

describe('ResourceList row selection', () => {
  it('selects rows one by one or the whole page, keeps them across pages, and clears them', async () => {
    const onApply = vi.fn();
    const { user } = renderWithApp(<Harness onApply={onApply} />, { route: '/fruits' });
    expect(await screen.findByText('Fruta 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Filas seleccionadas' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar Fruta 2' }));
    const bar = screen.getByRole('region', { name: 'Filas seleccionadas' });
    expect(bar).toHaveTextContent('1 seleccionado');
    const pageBox = screen.getByRole('checkbox', { name: 'Seleccionar todas las filas de la página' });
    expect(pageBox).toHaveAttribute('data-indeterminate', 'true');

    await user.click(pageBox);
    expect(bar).toHaveTextContent('5 seleccionados');
    expect(pageBox).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(await screen.findByText('Fruta 6')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar Fruta 7' }));
    expect(screen.getByRole('region', { name: 'Filas seleccionadas' })).toHaveTextContent('6 seleccionados');
    await user.click(
      within(screen.getByRole('region', { name: 'Filas seleccionadas' })).getByText('Aplicar'),
    );
    expect(onApply).toHaveBeenCalledWith([2, 1, 3, 4, 5, 7]);

    await user.click(screen.getByRole('button', { name: 'Quitar selección' }));
    expect(screen.queryByRole('region', { name: 'Filas seleccionadas' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Seleccionar Fruta 7' })).not.toBeChecked();
  });
});
