import { useMemo } from 'react';
import { ConfirmDialog, useConfirmDelete } from '../../../components/confirm-dialog';
import {
  ResourceList,
  type ResourceListCard,
  type ResourceListColumn,
} from '../../../components/resource-list/resource-list';
import { useListParams } from '../../../components/resource-list/use-list-params';
import { useDialogTarget } from '../../../components/use-dialog-target';
import { type CatalogItem, type CatalogKind, descriptionKey, descriptionOf } from '../api/catalog-resource';
import { useDeleteCatalogItem } from '../api/delete-catalog-item';
import { useCatalog } from '../api/get-catalog';
import { CatalogFormDialog } from './catalog-form-dialog';
import { CATALOG_TEXTS } from './catalog-texts';

const card: ResourceListCard<CatalogItem> = { primary: descriptionOf, secondary: (item) => item.code };

/** Proveedores or Marcas (docs/product.md#suppliers-and-brands): search, add, edit and delete with confirmation. */
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

  const columns = useMemo<ResourceListColumn<CatalogItem>[]>(
    () => [
      { key: 'code', header: 'Código', sortable: true, width: 130 },
      { key: descriptionKey(kind), header: texts.descriptionHeader, sortable: true, render: descriptionOf },
    ],
    [kind, texts.descriptionHeader],
  );

  return (
    <>
      <ResourceList
        title={texts.title}
        subtitle={texts.subtitle}
        breadcrumb={texts.breadcrumb}
        params={params}
        result={result}
        columns={columns}
        card={card}
        getRowId={(item) => item.id}
        getRowName={descriptionOf}
        errorText={texts.loadError}
        onAdd={() => form.open(null)}
        onEdit={form.open}
        onDelete={deletion.ask}
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
