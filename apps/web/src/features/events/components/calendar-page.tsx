import type { DatesSetArg, EventClickArg, EventContentArg, EventInput } from '@fullcalendar/core';
import esLocale from '@fullcalendar/core/locales/es';
import dayGridPlugin from '@fullcalendar/daygrid';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import { ActionIcon, Alert, Box, Button, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TEvent } from '@panel/shared';
import { IconAlertTriangle, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { useDialogTarget } from '../../../components/use-dialog-target';
import { errorMessage } from '../../../lib/api-client';
import { textOn } from '../../../lib/contrast';
import { useCalendarEvents } from '../api/get-calendar-events';
import classes from './calendar-page.module.css';
import { businessNow, toCalendarWallTime, visibleRange } from './calendar-range';
import { EventDetailsDialog } from './event-details-dialog';
import { EventFormDialog } from './event-form-dialog';

const GRID = 'dayGridMonth';
const LIST = 'listMonth';

/** An event in the grid: its time and its whole title, wrapped (the title attribute repeats both). */
function renderEvent(arg: EventContentArg) {
  return (
    <span className={classes.event}>
      <span className={classes.eventTime}>{arg.timeText}</span> {arg.event.title}
    </span>
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
  const result = useCalendarEvents(range);
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

  const events = useMemo<EventInput[]>(
    () =>
      (result.data ?? []).map((e) => ({
        id: String(e.id),
        title: e.title,
        start: toCalendarWallTime(e.start_at),
        end: toCalendarWallTime(e.end_at),
        backgroundColor: e.event_type.color,
        borderColor: e.event_type.color,
        textColor: textOn(e.event_type.color),
        extendedProps: { record: e },
      })),
    [result.data],
  );

  const onEventClick = useCallback(
    (arg: EventClickArg) => {
      arg.jsEvent.preventDefault();
      details.open(arg.event.extendedProps.record as TEvent);
    },
    [details.open],
  );

  const api = () => calendar.current?.getApi();
  const loading = range === null || result.isFetching;

  return (
    <>
      <PageHeader
        title="Calendario de Eventos"
        subtitle="Los eventos del mes, con el color de su tipo. Elegí uno para ver su detalle o editarlo."
        breadcrumb="Inicio / Calendario"
      />
      {result.isError && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={errorMessage(result.error, 'Error al cargar eventos')}
          mb="md"
          role="alert"
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm">No se pudieron cargar los eventos de este período.</Text>
            <Button size="xs" variant="white" color="red" onClick={() => result.refetch()}>
              Reintentar
            </Button>
          </Group>
        </Alert>
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
            views={{ [GRID]: { eventContent: renderEvent } }}
            // FullCalendar's "+N más" is an <a> without href that says aria-expanded, which only a
            // button may say (axe aria-allowed-attr, critical): it opens a popover, so it is a button.
            moreLinkDidMount={({ el }) => el.setAttribute('role', 'button')}
            // A day cell is named by FullCalendar after its date alone ("14 de diciembre de 2026") while
            // it shows its events too: a name without the visible text (axe label-content-name-mismatch,
            // WCAG 2.5.3; issue 28, item 18). Without the label the cell is named by what it shows, and its
            // day number still says the whole date.
            dayCellDidMount={({ el }) => el.removeAttribute('aria-labelledby')}
            eventDidMount={({ el, event, timeText }) => {
              const record = event.extendedProps.record as TEvent;
              el.setAttribute('title', `${timeText} ${event.title} · ${record.event_type.name}`);
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
    </>
  );
}

export default CalendarPage;
