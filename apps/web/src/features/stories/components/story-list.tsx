import { Badge, Button } from '@mantine/core';
import { MEDIA_MSG, type TStory } from '@panel/shared';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog, useConfirmDelete } from '../../../components/confirm-dialog';
import { ResourceList, type ResourceListColumn } from '../../../components/resource-list/resource-list';
import { useListParams } from '../../../components/resource-list/use-list-params';
import { useDialogTarget } from '../../../components/use-dialog-target';
import { formatDateTime } from '../../../lib/dates/business-time';
import { useDeleteStory } from '../api/delete-story';
import { useStories } from '../api/get-stories';
import { StoryCreateDialog } from './story-create-dialog';
import classes from './story-list.module.css';
import { StoryViewersDialog } from './story-viewers-dialog';

const columns: ResourceListColumn<TStory>[] = [
  {
    key: 'image',
    header: 'Vista previa',
    width: 104,
    render: (s) => (
      <img
        src={s.thumb_url}
        alt={`Historia «${s.title}»`}
        className={classes.preview}
        loading="lazy"
        width={40}
        height={56}
      />
    ),
  },
  { key: 'title', header: 'Título', sortable: true, width: '22%' },
  { key: 'user_name', header: 'Creado por', width: 160 },
  {
    key: 'created_at',
    header: 'Creado',
    sortable: true,
    width: 150,
    render: (s) => formatDateTime(s.created_at),
  },
  // DECISIONS §4: without an end date a story lasts 24 h from its creation.
  {
    key: 'ends_at',
    header: 'Vence',
    width: 150,
    render: (s) => (s.ends_at ? formatDateTime(s.ends_at) : '24h'),
  },
  {
    key: 'is_live',
    header: 'Estado',
    width: 112,
    render: (s) =>
      s.is_live ? (
        <Badge color="brand" variant="filled">
          Activa
        </Badge>
      ) : (
        <Badge color="gray.7" variant="filled">
          Inactiva
        </Badge>
      ),
  },
  { key: 'branch', header: 'Sucursal', width: 140, render: (s) => s.branch ?? 'Todas' },
];

/** /stories, "Historias" (spec §2.8): add, delete and who viewed each one. */
export function StoryList() {
  const params = useListParams();
  const result = useStories(params.query);
  const deleteStory = useDeleteStory();
  const deletion = useConfirmDelete({
    remove: (row: TStory) => deleteStory.mutateAsync(row.id),
    success: MEDIA_MSG.storyDeleted,
    failure: MEDIA_MSG.storyDeleteError,
  });
  const [createOpened, setCreateOpened] = useState(false);
  const viewers = useDialogTarget<TStory>();

  return (
    <>
      <ResourceList
        title="Historias"
        subtitle="Historias que el equipo ve en la app durante 24 horas o hasta su fecha de fin."
        breadcrumb="Inicio / Historias"
        searchPlaceholder="Buscar por título..."
        params={params}
        result={result}
        columns={columns}
        getRowId={(s) => s.id}
        errorText={MEDIA_MSG.storiesLoadError}
        onAdd={() => setCreateOpened(true)}
        onDelete={deletion.ask}
        rowActions={(s) => (
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconEye size={15} aria-hidden />}
            onClick={() => viewers.open(s)}
          >
            Ver usuarios
          </Button>
        )}
        actionsWidth={196}
        minTableWidth={1240}
      />
      <StoryCreateDialog opened={createOpened} onClose={() => setCreateOpened(false)} />
      <StoryViewersDialog story={viewers.target} opened={viewers.opened} onClose={viewers.close} />
      <ConfirmDialog
        {...deletion.dialog}
        title="Eliminar historia"
        message={`¿Estás seguro que deseas eliminar la historia «${deletion.row?.title ?? ''}»?`}
      />
    </>
  );
}

export default StoryList;
