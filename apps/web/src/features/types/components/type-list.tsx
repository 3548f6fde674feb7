import { ColorSwatch, Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import { ConfirmDialog, useConfirmDelete } from '../../../components/confirm-dialog';
import { NotificationIcon } from '../../../components/notification-icon';
import {
  ResourceList,
  type ResourceListCard,
  type ResourceListColumn,
} from '../../../components/resource-list/resource-list';
import { useListParams } from '../../../components/resource-list/use-list-params';
import { useDialogTarget } from '../../../components/use-dialog-target';
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
      width: 150,
      priority: 2,
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
      priority: 2,
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

function cardOf(kind: TypeKind): ResourceListCard<TypeRecord> {
  return {
    primary: (t) => t.name,
    figures: hasIcon(kind) ? ['color', 'icon'] : ['color'],
  };
}

/** /event-types and /notification-types (docs/product.md#notification-types, #event-types): name, colour (and icon); add, edit and delete. */
export function TypeList({ kind }: { kind: TypeKind }) {
  const texts = TYPE_TEXTS[kind];
  const params = useListParams();
  const result = useTypes(kind, params.query);
  const remove = useDeleteType(kind);
  const deletion = useConfirmDelete({
    remove: (row: TypeRecord) => remove.mutateAsync(row.id),
    success: texts.deleted,
    failure: texts.deleteError,
  });
  const form = useDialogTarget<TypeRecord>();
  const columns = useMemo(() => columnsOf(kind), [kind]);
  const card = useMemo(() => cardOf(kind), [kind]);

  return (
    <>
      <ResourceList
        title={texts.title}
        subtitle={texts.subtitle}
        breadcrumb={texts.breadcrumb}
        searchPlaceholder="Buscar..."
        params={params}
        result={result}
        columns={columns}
        card={card}
        getRowId={(t) => t.id}
        getRowName={(t) => `«${t.name}»`}
        errorText={texts.loadError}
        onAdd={() => form.open(null)}
        onEdit={form.open}
        onDelete={deletion.ask}
      />
      <TypeFormDialog kind={kind} opened={form.opened} type={form.target} onClose={form.close} />
      <ConfirmDialog
        {...deletion.dialog}
        title={texts.deleteTitle}
        message={`¿Seguro que querés eliminar el tipo «${deletion.row?.name ?? ''}»?`}
      />
    </>
  );
}
