import type { DatesSetArg, EventClickArg, EventContentArg, EventInput } from '@fullcalendar/core';
import esLocale from '@fullcalendar/core/locales/es';
import dayGridPlugin from '@fullcalendar/daygrid';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import { ActionIcon, Alert, Box, Button, Chip, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { SCHEDULE_MSG, SCHEDULED_ITEM_LABELS, type TEvent, type TScheduledItem } from '@panel/shared';
import {
  IconAlertTriangle,
  IconBell,
  IconChevronLeft,
  IconChevronRight,
  IconClipboardList,
  IconMovie,
  IconNews,
} from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { useDialogTarget } from '../../../components/use-dialog-target';
import { errorMessage } from '../../../lib/api-client';
import { textOn } from '../../../lib/contrast';
import { useCalendarEvents } from '../api/get-calendar-events';
import { useScheduledItems } from '../api/get-scheduled-items';
import classes from './calendar-page.module.css';
import { businessNow, toCalendarWallTime, visibleRange } from './calendar-range';
import { EventDetailsDialog } from './event-details-dialog';
import { EventFormDialog } from './event-form-dialog';
import { ScheduledItemDialog } from './scheduled-item-dialog';
import { SCHEDULED_STYLE } from './scheduled-style';

const GRID = 'dayGridMonth';
const LIST = 'listMonth';

/** What the calendar shows: events, and the scheduled posts, notifications, stories and surveys (Chip values). */
type Shown = 'events' | TScheduledItem['kind'];
const SHOWN: { value: Shown; label: string }[] = [
  { value: 'events', label: 'Eventos' },
  { value: 'post', label: 'Publicaciones programadas' },
  { value: 'notification', label: 'Notificaciones programadas' },
  { value: 'story', label: 'Historias programadas' },
  { value: 'survey', label: 'Encuestas programadas' },
];
const ALL_SHOWN: Shown[] = SHOWN.map((s) => s.value);

const KIND_ICON = {
  post: IconNews,
  notification: IconBell,
  story: IconMovie,
  survey: IconClipboardList,
} as const;

/**
 * An entry in the grid: its time and its whole title, wrapped (the title attribute repeats both); a
 * scheduled item (a post, a notification, a story, a survey) starts with its kind's icon.
 */
function renderEvent(arg: EventContentArg) {
  const item = arg.event.extendedProps.scheduled as TScheduledItem | undefined;
  const Icon = item ? KIND_ICON[item.kind] : null;
  return (
    <span className={classes.event}>
      {Icon && <Icon size={12} aria-hidden className={classes.kindIcon} />}
      <span className={classes.eventTime}>{arg.timeText}</span> {arg.event.title}
    </span>
  );
}

/**
 * A row of the month's list (phones): an event as FullCalendar writes it; a scheduled
 * item with its kind's icon and its kind in words after the title.
 */
function renderListEntry(arg: EventContentArg) {
  const item = arg.event.extendedProps.scheduled as TScheduledItem | undefined;
  if (!item) return true;
  const Icon = KIND_ICON[item.kind];
  return (
    <span className={classes.listEntry}>
      <Icon size={14} aria-hidden className={classes.kindIcon} /> {arg.event.title}{' '}
      <span className={classes.listKind}>
        · {SCHEDULED_ITEM_LABELS[item.kind]}
        {item.urgent ? ' · Urgente' : ''}
      </span>
    </span>
  );
}

/** A banner over the month for what failed to load, with "Reintentar". */
function LoadError({ title, text, onRetry }: { title: string; text: string; onRetry: () => void }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={title}
      mb="md"
      role="alert"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{text}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          Reintentar
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * /calendar, "Calendario de Eventos" (docs/product.md#calendar): a Spanish month grid, Monday first, always 6 weeks;
 * below 768 px the month as a list (docs/product.md#the-sellers-app). Each event opens its details and "Editar".
 */
export function CalendarPage() {
  const narrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [heading, setHeading] = useState('');
  const [shown, setShown] = useState<Shown[]>(ALL_SHOWN);
  const showsScheduled = shown.some((kind) => kind !== 'events');
  const result = useCalendarEvents(range);
  const scheduled = useScheduledItems(range, showsScheduled);
  const scheduledDetails = useDialogTarget<TScheduledItem>();
  const calendar = useRef<FullCalendar>(null);
  const details = useDialogTarget<TEvent>();
  const form = useDialogTarget<TEvent>();

  useEffect(() => {
    const api = calendar.current?.getApi();
    const view = narrow ? LIST : GRID;
    if (api && api.view.type !== view) api.changeView(view);
  }, [narrow]);

  const onDatesSet = useCallback((arg: DatesSetArg) => {
    const next = visibleRange(arg.start, arg.end);
    setRange((prev) => (prev?.from === next.from && prev.to === next.to ? prev : next));
    // "noviembre de 2026" → "Noviembre de 2026" (capitalising every word would also raise the "de").
    setHeading(arg.view.title.charAt(0).toUpperCase() + arg.view.title.slice(1));
  }, []);

  const events = useMemo<EventInput[]>(() => {
    const entries: EventInput[] = shown.includes('events')
      ? (result.data ?? []).map((e) => ({
          id: String(e.id),
          title: e.title,
          start: toCalendarWallTime(e.start_at),
          end: toCalendarWallTime(e.end_at),
          backgroundColor: e.event_type.color,
          borderColor: e.event_type.color,
          textColor: textOn(e.event_type.color),
          extendedProps: { record: e },
        }))
      : [];
    if (showsScheduled) {
      for (const item of scheduled.data ?? []) {
        if (!shown.includes(item.kind)) continue;
        const style = SCHEDULED_STYLE[item.kind];
        entries.push({
          id: `${item.kind}-${item.id}`,
          title: item.title,
          start: toCalendarWallTime(item.publish_at),
          allDay: false,
          backgroundColor: 'var(--mantine-color-body)',
          borderColor: style.css,
          textColor: style.css,
          classNames: [classes[style.className]!],
          extendedProps: { scheduled: item },
        });
      }
    }
    return entries;
  }, [result.data, scheduled.data, shown, showsScheduled]);

  const onEventClick = useCallback(
    (arg: EventClickArg) => {
      arg.jsEvent.preventDefault();
      const item = arg.event.extendedProps.scheduled as TScheduledItem | undefined;
      if (item) scheduledDetails.open(item);
      else details.open(arg.event.extendedProps.record as TEvent);
    },
    [details.open, scheduledDetails.open],
  );

  const api = () => calendar.current?.getApi();
  const loading = range === null || result.isFetching || (showsScheduled && scheduled.isFetching);

  return (
    <>
      <PageHeader
        title="Calendario de Eventos"
        subtitle="Los eventos del mes, con el color de su tipo, y lo programado: publicaciones, notificaciones, historias y encuestas. Elegí uno para ver su detalle."
        breadcrumb="Inicio / Calendario"
      />
      {result.isError && (
        <LoadError
          title={errorMessage(result.error, 'Error al cargar eventos')}
          text="No se pudieron cargar los eventos de este período."
          onRetry={() => result.refetch()}
        />
      )}
      {showsScheduled && scheduled.isError && (
        <LoadError
          title={errorMessage(scheduled.error, SCHEDULE_MSG.listError)}
          text="No se pudieron cargar las programadas de este período."
          onRetry={() => scheduled.refetch()}
        />
      )}
      <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }} className={classes.card} pos="relative">
        <Group justify="space-between" align="center" gap="sm" mb="sm" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <ActionIcon variant="default" size="lg" aria-label="Mes anterior" onClick={() => api()?.prev()}>
              <IconChevronLeft size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="default" size="lg" aria-label="Mes siguiente" onClick={() => api()?.next()}>
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
            <Button variant="default" onClick={() => api()?.today()} title="Ir al mes actual">
              Hoy
            </Button>
          </Group>
          <Title order={2} size="h3" className={classes.title} aria-live="polite">
            {heading}
          </Title>
          {loading ? (
            <Group gap={8} role="status" aria-live="polite" className={classes.spinner}>
              <Loader size="sm" aria-hidden />
              <Text size="sm" c="dimmed">
                Cargando eventos...
              </Text>
            </Group>
          ) : (
            <span className={classes.spinner} />
          )}
        </Group>
        <Chip.Group multiple value={shown} onChange={(value) => setShown(value as Shown[])}>
          <Group gap="xs" mb="sm" role="group" aria-label="Mostrar en el calendario">
            {SHOWN.map((option) => (
              <Chip key={option.value} value={option.value} size="sm" variant="outline">
                {option.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Box aria-busy={loading || undefined} className={classes.calendar}>
          <FullCalendar
            ref={calendar}
            plugins={[dayGridPlugin, listPlugin]}
            initialView={narrow ? LIST : GRID}
            locale={esLocale}
            firstDay={1}
            fixedWeekCount
            showNonCurrentDates
            timeZone="UTC"
            now={businessNow}
            headerToolbar={false}
            height="auto"
            dayMaxEvents={3}
            eventDisplay="block"
            eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
            listDayFormat={{ weekday: 'long', day: 'numeric', month: 'long' }}
            listDaySideFormat={false}
            noEventsContent="No hay eventos este mes."
            events={events}
            datesSet={onDatesSet}
            eventClick={onEventClick}
            // The list (phones) keeps FullCalendar's rows: time, the type's dot and the title.
            views={{ [GRID]: { eventContent: renderEvent }, [LIST]: { eventContent: renderListEntry } }}
            // FullCalendar's "+N más" is an <a> without href that says aria-expanded, which only a
            // button may say (axe aria-allowed-attr, critical): it opens a popover, so it is a button.
            moreLinkDidMount={({ el }) => el.setAttribute('role', 'button')}
            // A day cell is named by FullCalendar after its date alone ("14 de diciembre de 2026") while
            // it shows its events too: a name without the visible text (axe label-content-name-mismatch,
            // WCAG 2.5.3; issue 28, item 18). Without the label the cell is named by what it shows, and its
            // day number still says the whole date.
            dayCellDidMount={({ el }) => el.removeAttribute('aria-labelledby')}
            eventDidMount={({ el, event, timeText }) => {
              const item = event.extendedProps.scheduled as TScheduledItem | undefined;
              const what = item
                ? `${SCHEDULED_ITEM_LABELS[item.kind]}${item.urgent ? ' · Urgente' : ''}`
                : (event.extendedProps.record as TEvent).event_type.name;
              el.setAttribute('title', `${timeText} ${event.title} · ${what}`);
            }}
          />
        </Box>
      </Paper>
      <EventDetailsDialog
        opened={details.opened}
        event={details.target}
        onClose={details.close}
        onEdit={(event) => {
          details.close();
          form.open(event);
        }}
      />
      <EventFormDialog opened={form.opened} event={form.target} onClose={form.close} />
      <ScheduledItemDialog
        opened={scheduledDetails.opened}
        item={scheduledDetails.target}
        onClose={scheduledDetails.close}
      />
    </>
  );
}

export default CalendarPage;
