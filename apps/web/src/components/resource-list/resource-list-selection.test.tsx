import { Button } from '@mantine/core';
import type { TListResponse } from '@panel/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../testing/render';
import { ResourceList } from './resource-list';
import { useListParams } from './use-list-params';

interface Fruit {
  id: number;
  name: string;
}

const FRUITS: Fruit[] = Array.from({ length: 7 }, (_, i) => ({ id: i + 1, name: `Fruta ${i + 1}` }));

function Harness({ onApply }: { onApply: (ids: (string | number)[]) => void }) {
  // 5 rows a page, so the fixtures page (the panel opens lists with 10).
  const params = useListParams({ defaultPerPage: 5 });
  const [selected, setSelected] = useState<Set<string | number>>(() => new Set());
  const result = useQuery({
    queryKey: ['fruits', params.query],
    queryFn: async (): Promise<TListResponse<Fruit>> => {
      const start = (params.query.page - 1) * params.query.per_page;
      return {
        data: FRUITS.slice(start, start + params.query.per_page),
        meta: { page: params.query.page, per_page: params.query.per_page, total: 7, last_page: 2 },
      };
    },
    placeholderData: keepPreviousData,
  });
  return (
    <ResourceList
      title="Frutas"
      params={params}
      result={result}
      columns={[{ key: 'name', header: 'Nombre' }]}
      card={{ primary: (f) => f.name }}
      getRowId={(f) => f.id}
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
  it('selects rows one by one or the whole page, keeps them across pages, and clears them', {
    timeout: 30_000,
  }, async () => {
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
