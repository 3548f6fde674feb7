import { ConfirmDialog, useConfirmDelete } from '../../../components/confirm-dialog';
import { ResourceList, type ResourceListColumn } from '../../../components/resource-list/resource-list';
import { useListParams } from '../../../components/resource-list/use-list-params';
import { useDialogTarget } from '../../../components/use-dialog-target';
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
  const deletion = useConfirmDelete({
    remove: (row: CatalogItem) => remove.mutateAsync(row.id),
    success: 'Eliminado correctamente',
    failure: 'Error al eliminar',
  });
  const form = useDialogTarget<CatalogItem>();

  const columns: ResourceListColumn<CatalogItem>[] = [
    { key: 'code', header: 'Código', sortable: true, width: 140 },
    { key: descriptionKey(kind), header: texts.descriptionHeader, sortable: true, render: descriptionOf },
  ];

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
        onAdd={() => form.open(null)}
        onEdit={form.open}
        onDelete={deletion.ask}
        minTableWidth={420}
      />
      <CatalogFormDialog kind={kind} opened={form.opened} item={form.target} onClose={form.close} />
      <ConfirmDialog
        {...deletion.dialog}
        title="Confirmar eliminación"
        message={`¿Seguro que querés eliminar ${texts.one} «${deletion.row ? `${deletion.row.code} · ${descriptionOf(deletion.row)}` : ''}»?`}
      />
    </>
  );
}
