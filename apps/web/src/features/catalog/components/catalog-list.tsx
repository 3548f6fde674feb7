import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ResourceList, type ResourceListColumn } from '../../../components/resource-list/resource-list';
import { useListParams } from '../../../components/resource-list/use-list-params';
import { notify } from '../../../lib/notify';
import { type CatalogItem, type CatalogKind, descriptionKey, descriptionOf } from '../api/catalog-resource';
import { useDeleteCatalogItem } from '../api/delete-catalog-item';
import { useCatalog } from '../api/get-catalog';
import { CatalogFormDialog } from './catalog-form-dialog';
import { CATALOG_TEXTS } from './catalog-texts';

/** Proveedores or Marcas (spec §2.14): search, add, edit and delete with confirmation. */
export function CatalogList({ kind }: { kind: CatalogKind }) {
  const texts = CATALOG_TEXTS[kind];
  const params = useListParams();
  const result = useCatalog(kind, params.query);
  const remove = useDeleteCatalogItem(kind);
  const [formOpened, setFormOpened] = useState(false);
  const [editing, setEditing] = useState<CatalogItem | null>(null);
  const [deleteOpened, setDeleteOpened] = useState(false);
  const [toDelete, setToDelete] = useState<CatalogItem | null>(null);

  const columns: ResourceListColumn<CatalogItem>[] = [
    { key: 'code', header: 'Código', sortable: true, width: 140 },
    { key: descriptionKey(kind), header: texts.descriptionHeader, sortable: true, render: descriptionOf },
  ];

  const openForm = (item: CatalogItem | null) => {
    setEditing(item);
    setFormOpened(true);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      notify.success('Eliminado correctamente');
    } catch (error) {
      notify.apiError(error, 'Error al eliminar');
    } finally {
      setDeleteOpened(false);
    }
  };

  return (
    <>
      <ResourceList
        title={texts.title}
        subtitle={texts.subtitle}
        breadcrumb={texts.breadcrumb}
        params={params}
        result={result}
        columns={columns}
        getRowId={(item) => item.id}
        errorText={texts.loadError}
        onAdd={() => openForm(null)}
        onEdit={openForm}
        onDelete={(item) => {
          setToDelete(item);
          setDeleteOpened(true);
        }}
        minTableWidth={420}
      />
      <CatalogFormDialog
        kind={kind}
        opened={formOpened}
        item={editing}
        onClose={() => setFormOpened(false)}
      />
      <ConfirmDialog
        opened={deleteOpened}
        title="Confirmar eliminación"
        message={`¿Seguro que querés eliminar ${texts.one} «${toDelete ? `${toDelete.code} · ${descriptionOf(toDelete)}` : ''}»?`}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleteOpened(false)}
      />
    </>
  );
}
