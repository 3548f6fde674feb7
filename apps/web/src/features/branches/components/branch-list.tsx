import { Select } from '@mantine/core';
import type { TBranch } from '@panel/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ResourceList, type ResourceListColumn } from '../../../components/resource-list/resource-list';
import { useListParams } from '../../../components/resource-list/use-list-params';
import { notify } from '../../../lib/notify';
import { useDeleteBranch } from '../api/delete-branch';
import { useBranchCities } from '../api/get-branch-cities';
import { useBranches } from '../api/get-branches';
import { BranchFormDialog } from './branch-form-dialog';

const columns: ResourceListColumn<TBranch>[] = [
  { key: 'name', header: 'Nombre', sortable: true },
  { key: 'city', header: 'Ciudad', sortable: true },
  { key: 'address', header: 'Dirección', sortable: true },
];

/** /branches: the exemplary list screen (spec §2.6). Later screens copy its shape. */
export function BranchList() {
  const params = useListParams({ filters: ['city'] as const });
  const result = useBranches(params.query);
  const cities = useBranchCities();
  const deleteBranch = useDeleteBranch();
  // The chosen rows stay set while their dialogs close, so titles and texts do not flicker.
  const [formOpened, setFormOpened] = useState(false);
  const [editing, setEditing] = useState<TBranch | null>(null);
  const [deleteOpened, setDeleteOpened] = useState(false);
  const [toDelete, setToDelete] = useState<TBranch | null>(null);

  const openForm = (branch: TBranch | null) => {
    setEditing(branch);
    setFormOpened(true);
  };

  const askDelete = (branch: TBranch) => {
    setToDelete(branch);
    setDeleteOpened(true);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteBranch.mutateAsync(toDelete.id);
      notify.success('Sucursal eliminada correctamente');
    } catch (error) {
      // DECISIONS §3: the dialog closes and the failure is shown, never silent.
      notify.apiError(error, 'Error al eliminar sucursal');
    } finally {
      setDeleteOpened(false);
    }
  };

  return (
    <>
      <ResourceList
        title="Sucursales"
        subtitle="Las sucursales del negocio, con su ciudad y dirección."
        breadcrumb="Inicio / Sucursales"
        searchPlaceholder="Busqueda"
        params={params}
        result={result}
        columns={columns}
        getRowId={(b) => b.id}
        loadingText="Cargando sucursales..."
        errorText="Error al cargar sucursales"
        onAdd={() => openForm(null)}
        onEdit={openForm}
        onDelete={askDelete}
        filters={
          <Select
            label="Ciudad"
            placeholder={cities.isError ? 'No se pudieron cargar las ciudades' : 'Todas las ciudades'}
            data={cities.data ?? []}
            value={params.filters.city || null}
            onChange={(value) => params.setFilter('city', value)}
            clearable
            searchable
            nothingFoundMessage="Sin coincidencias"
            comboboxProps={{ withinPortal: false }}
          />
        }
      />
      <BranchFormDialog opened={formOpened} branch={editing} onClose={() => setFormOpened(false)} />
      <ConfirmDialog
        opened={deleteOpened}
        title="Confirmar eliminación"
        message={`¿Seguro que querés eliminar la sucursal «${toDelete?.name ?? ''}»?`}
        busy={deleteBranch.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleteOpened(false)}
      />
    </>
  );
}

export default BranchList;
