import { Select } from '@mantine/core';
import type { TBranch } from '@panel/shared';
import { ConfirmDialog, useConfirmDelete } from '../../../components/confirm-dialog';
import { filterProps } from '../../../components/resource-list/list-filters';
import {
  ResourceList,
  type ResourceListCard,
  type ResourceListColumn,
} from '../../../components/resource-list/resource-list';
import { useListParams } from '../../../components/resource-list/use-list-params';
import { useDialogTarget } from '../../../components/use-dialog-target';
import { useDeleteBranch } from '../api/delete-branch';
import { useBranchCities } from '../api/get-branch-cities';
import { useBranches } from '../api/get-branches';
import { BranchFormDialog } from './branch-form-dialog';

const columns: ResourceListColumn<TBranch>[] = [
  { key: 'name', header: 'Nombre', sortable: true },
  { key: 'city', header: 'Ciudad', sortable: true, priority: 2 },
  { key: 'address', header: 'Dirección', sortable: true, priority: 3, minWidth: 160 },
];

const card: ResourceListCard<TBranch> = {
  primary: (b) => b.name,
  secondary: (b) => [b.city, b.address].filter(Boolean).join(' · '),
};

/** /branches: the exemplary list screen (docs/product.md#branches). Later screens copy its shape. */
export function BranchList() {
  const params = useListParams({ filters: ['city'] as const });
  const result = useBranches(params.query);
  const cities = useBranchCities();
  const deleteBranch = useDeleteBranch();
  const deletion = useConfirmDelete({
    remove: (row: TBranch) => deleteBranch.mutateAsync(row.id),
    success: 'Sucursal eliminada correctamente',
    failure: 'Error al eliminar sucursal',
  });
  const form = useDialogTarget<TBranch>();

  return (
    <>
      <ResourceList
        title="Sucursales"
        subtitle="Las sucursales del negocio, con su ciudad y dirección."
        breadcrumb="Inicio / Sucursales"
        searchPlaceholder="Búsqueda"
        params={params}
        result={result}
        columns={columns}
        card={card}
        getRowId={(b) => b.id}
        getRowName={(b) => b.name}
        loadingText="Cargando sucursales..."
        errorText="Error al cargar sucursales"
        onAdd={() => form.open(null)}
        onEdit={form.open}
        onDelete={deletion.ask}
        filters={
          <Select
            label="Ciudad"
            placeholder={cities.isError ? 'No se pudieron cargar las ciudades' : 'Todas las ciudades'}
            data={cities.data ?? []}
            clearable
            searchable
            nothingFoundMessage="Sin coincidencias"
            {...filterProps(params, 'city')}
          />
        }
      />
      <BranchFormDialog opened={form.opened} branch={form.target} onClose={form.close} />
      <ConfirmDialog
        {...deletion.dialog}
        title="Confirmar eliminación"
        message={`¿Seguro que querés eliminar la sucursal «${deletion.row?.name ?? ''}»?`}
      />
    </>
  );
}

export default BranchList;
