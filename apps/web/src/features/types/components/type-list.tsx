import { ColorSwatch, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { NotificationIcon } from '../../../components/notification-icon';
import { ResourceList, type ResourceListColumn } from '../../../components/resource-list/resource-list';
import { useListParams } from '../../../components/resource-list/use-list-params';
import { notify } from '../../../lib/notify';
import { useDeleteType } from '../api/delete-type';
import { useTypes } from '../api/get-types';
import type { TypeKind, TypeRecord } from '../api/type-kind';
import { TypeFormDialog } from './type-form-dialog';
import { hasIcon, TYPE_TEXTS } from './type-texts';

function columnsOf(kind: TypeKind): ResourceListColumn<TypeRecord>[] {
  const columns: ResourceListColumn<TypeRecord>[] = [
    { key: 'name', header: 'Nombre', sortable: true },
    {
      key: 'color',
      header: 'Color',
      width: TYPE_TEXTS[kind].colorWidth,
      render: (t) => (
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={t.color} size={20} aria-hidden />
          <Text size="sm" ff="monospace">
            {t.color}
          </Text>
        </Group>
      ),
    },
  ];
  if (!hasIcon(kind)) return columns;
  return [
    ...columns,
    {
      key: 'icon',
      header: 'Ícono',
      width: 130,
      render: (t) =>
        'icon' in t && (
          <Group gap="xs" wrap="nowrap">
            <NotificationIcon icon={t.icon} color={t.color} size={30} />
            <Text size="sm" c="dimmed">
              {t.icon}
            </Text>
          </Group>
        ),
    },
  ];
}

/** /event-types and /notification-types (spec §2.10, §2.11): name, colour (and icon); add, edit and delete. */
export function TypeList({ kind }: { kind: TypeKind }) {
  const texts = TYPE_TEXTS[kind];
  const params = useListParams();
  const result = useTypes(kind, params.query);
  const remove = useDeleteType(kind);
  const [formOpened, setFormOpened] = useState(false);
  const [editing, setEditing] = useState<TypeRecord | null>(null);
  const [deleteOpened, setDeleteOpened] = useState(false);
  const [toDelete, setToDelete] = useState<TypeRecord | null>(null);

  const openForm = (type: TypeRecord | null) => {
    setEditing(type);
    setFormOpened(true);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      notify.success(texts.deleted);
    } catch (error) {
      // DECISIONS §3: the dialog closes and the failure is shown, never silent.
      notify.apiError(error, texts.deleteError);
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
        searchPlaceholder="Buscar..."
        params={params}
        result={result}
        columns={columnsOf(kind)}
        getRowId={(t) => t.id}
        errorText={texts.loadError}
        onAdd={() => openForm(null)}
        onEdit={openForm}
        onDelete={(t) => {
          setToDelete(t);
          setDeleteOpened(true);
        }}
        minTableWidth={texts.minTableWidth}
      />
      <TypeFormDialog kind={kind} opened={formOpened} type={editing} onClose={() => setFormOpened(false)} />
      <ConfirmDialog
        opened={deleteOpened}
        title={texts.deleteTitle}
        message={`¿Seguro que querés eliminar el tipo «${toDelete?.name ?? ''}»?`}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleteOpened(false)}
      />
    </>
  );
}
