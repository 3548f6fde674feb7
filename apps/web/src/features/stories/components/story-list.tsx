import { Badge, Text } from '@mantine/core';
import { MEDIA_MSG, type TStory } from '@panel/shared';
import { IconClock, IconClockEdit, IconEye } from '@tabler/icons-react';
import { Fragment, useMemo, useState } from 'react';
import { ConfirmDialog, useConfirmDelete } from '../../../components/confirm-dialog';
import {
  ResourceList,
  type ResourceListAction,
  type ResourceListBulkDelete,
  type ResourceListCard,
  type ResourceListColumn,
} from '../../../components/resource-list/resource-list';
import { useListParams } from '../../../components/resource-list/use-list-params';
import { PublicationDialog } from '../../../components/schedule-field/publication-dialog';
import { useDialogTarget } from '../../../components/use-dialog-target';
import { formatDateTime } from '../../../lib/dates/business-time';
import { scheduledWhen } from '../../../lib/dates/scheduled-label';
import { useDeleteStory } from '../api/delete-story';
import { useStories } from '../api/get-stories';
import { StoryCreateDialog } from './story-create-dialog';
import classes from './story-list.module.css';
import { StoryViewersDialog } from './story-viewers-dialog';

const preview = (s: TStory) => (
  <img
    src={s.thumb_url}
    alt={`Historia «${s.title}»`}
    className={classes.preview}
    loading="lazy"
    width={40}
    height={56}
  />
);

const columns: ResourceListColumn<TStory>[] = [
  { key: 'image', header: 'Vista previa', width: 64, priority: 2, render: preview },
  { key: 'title', header: 'Título', sortable: true, minWidth: 160 },
  // Not needed to tell stories apart (every story of the panel says "Administrador"): at 1280 px with the
  // menu open it gives way first, so every column the screen is specified with stays (issue 28, item 12).
  { key: 'user_name', header: 'Creado por', width: 150, priority: 5 },
  {
    key: 'created_at',
    header: 'Creado',
    sortable: true,
    width: 120,
    priority: 2,
    render: (s) => formatDateTime(s.created_at),
  },
  // Issue 21, item 4: the row shows when the story starts, not only when it was made.
  {
    key: 'starts_at',
    header: 'Inicio',
    width: 120,
    // Ours, not the specified table's: it gives way before them (a story not started yet says when it
    // starts in Estado).
    priority: 4,
    render: (s) => formatDateTime(s.starts_at ?? s.publish_at ?? s.created_at),
  },
  // Without an end date a story lasts 24 h from its start (services/stories/expiry.ts in the API).
  {
    key: 'ends_at',
    header: 'Vence',
    width: 112,
    priority: 2,
    render: (s) => (s.ends_at ? formatDateTime(s.ends_at) : '24h'),
  },
  { key: 'is_live', header: 'Estado', width: 120, render: (s) => <StoryStatus story={s} /> },
  { key: 'branch', header: 'Sucursal', width: 120, priority: 2, render: (s) => s.branch ?? 'Todas' },
];

/**
 * Why an active story is "Inactiva" (issue 21, item 4): it has not started yet ("· empieza 28-11-2026 09:30")
 * or it has ended ("· venció 27-11-2026 09:30"), in the row's one date format (issue 28, item 16). It lasts 24 h from its start, so it cannot end before it
 * starts. The spec's Activa/Inactiva badge stays as it is.
 */
export function storyStatusNote(story: TStory, now = Date.now()): string | null {
  if (story.is_live || !story.active) return null;
  if (story.starts_at && Date.parse(story.starts_at) > now)
    return `empieza ${formatDateTime(story.starts_at)}`;
  if (Date.parse(story.expires_at) <= now) return `venció ${formatDateTime(story.expires_at)}`;
  return null;
}

function StoryStatus({ story }: { story: TStory }) {
  // Scheduled (docs/product.md#scheduled-publishing): "Programada · lun 7 dic, 08:00" until published,
  // as the other statuses are written: the badge, then its note.
  const note = story.publish_at ? scheduledWhen(story.publish_at) : storyStatusNote(story);
  return (
    <span className={classes.status}>
      {story.publish_at ? (
        // As ScheduledBadge reads on the other lists: the clock, then "Programada" (never split).
        <Text span size="xs" fw={600} c="grape.8" className={classes.word}>
          <IconClock size={13} aria-hidden style={{ verticalAlign: -2, marginRight: 3 }} />
          Programada
        </Text>
      ) : story.is_live ? (
        <Badge color="brand" variant="filled">
          Activa
        </Badge>
      ) : (
        <Badge color="gray.7" variant="filled">
          Inactiva
        </Badge>
      )}
      {note && (
        <Text
          span
          size="xs"
          c={story.publish_at ? 'grape.8' : 'dimmed'}
          fw={story.publish_at ? 600 : undefined}
        >
          {' · '}
          {/* Lines break between words only, never at a date's dash ("02-" / "12-2026"). */}
          {note.split(' ').map((word, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the words of one short fixed text.
            <Fragment key={i}>
              {i > 0 && ' '}
              <span className={classes.word}>{word}</span>
            </Fragment>
          ))}
        </Text>
      )}
    </span>
  );
}

const card: ResourceListCard<TStory> = {
  primary: (s) => s.title,
  secondary: (s) => `${s.user_name} · ${s.branch ?? 'Todas'}`,
  figures: ['is_live', 'starts_at', 'ends_at'],
  thumbnail: preview,
};

/** "Eliminar seleccionadas" (issue 21, item 10): one request, all or nothing. */
const BULK_DELETE: ResourceListBulkDelete<TStory> = {
  resource: 'stories',
  noun: { one: 'historia', many: 'historias' },
  rowLabel: (s) => `Seleccionar «${s.title}»`,
  failure: 'Error al eliminar historias',
};

/** /stories, "Historias" (docs/product.md#stories): add, delete and who viewed each one. */
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
  const openViewers = viewers.open;
  // A scheduled story's "Programación": moved to another time, or published now.
  const scheduling = useDialogTarget<TStory>();
  const openScheduling = scheduling.open;
  const rowActions = useMemo<ResourceListAction<TStory>[]>(
    () => [
      {
        key: 'schedule',
        label: 'Programación',
        icon: IconClockEdit,
        ariaLabel: (s) => `Cambiar la programación de «${s.title}»`,
        hidden: (s) => !s.publish_at,
        onClick: openScheduling,
      },
      // Nobody has seen a story that is not published yet: its place is "Programación"'s.
      {
        key: 'viewers',
        label: 'Ver usuarios',
        icon: IconEye,
        display: 'button',
        hidden: (s) => Boolean(s.publish_at),
        onClick: openViewers,
      },
    ],
    [openViewers, openScheduling],
  );

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
        card={card}
        getRowId={(s) => s.id}
        getRowName={(s) => `«${s.title}»`}
        errorText={MEDIA_MSG.storiesLoadError}
        onAdd={() => setCreateOpened(true)}
        onDelete={deletion.ask}
        bulkDelete={BULK_DELETE}
        rowActions={rowActions}
        actionsWidth={184}
      />
      <StoryCreateDialog opened={createOpened} onClose={() => setCreateOpened(false)} />
      <StoryViewersDialog story={viewers.target} opened={viewers.opened} onClose={viewers.close} />
      <PublicationDialog
        opened={scheduling.opened}
        resource="stories"
        record={scheduling.target}
        title="Programación de la historia"
        summary={(s) => s.title}
        onClose={scheduling.close}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title="Eliminar historia"
        message={`¿Estás seguro que deseas eliminar la historia «${deletion.row?.title ?? ''}»?`}
      />
    </>
  );
}

export default StoryList;
