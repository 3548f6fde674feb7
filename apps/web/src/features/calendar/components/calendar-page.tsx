import type { DatesSetArg, EventInput } from '@fullcalendar/core';
import esLocale from '@fullcalendar/core/locales/es';
import dayGridPlugin from '@fullcalendar/daygrid';
import FullCalendar from '@fullcalendar/react';
import { Alert, Box, Button, Group, Loader, Paper, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-client';
import { textOn } from '../../../lib/contrast';
import { useCalendarEvents } from '../api/get-calendar-events';
import classes from './calendar-page.module.css';
import { businessNow, toCalendarWallTime, visibleRange } from './calendar-range';

/** /calendar, "Calendario de Eventos" (spec §2.13): a Spanish month grid, Monday first, always 6 weeks. */
export function CalendarPage() {
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const result = useCalendarEvents(range);

  const container = useRef<HTMLDivElement>(null);
  // The toolbar's chevrons are role="img" without a name; the buttons are named by their hints.
  useEffect(() => {
    const hide = () => {
      for (const icon of container.current?.querySelectorAll('.fc-icon:not([aria-hidden])') ?? []) {
        icon.removeAttribute('role');
        icon.setAttribute('aria-hidden', 'true');
      }
    };
    hide();
    const observer = new MutationObserver(hide);
    if (container.current) observer.observe(container.current, { subtree: true, childList: true });
    return () => observer.disconnect();
  }, []);
  const onDatesSet = useCallback((arg: DatesSetArg) => {
    const next = visibleRange(arg.start, arg.end);
    setRange((prev) => (prev?.from === next.from && prev.to === next.to ? prev : next));
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
        extendedProps: { type: e.event_type.name },
      })),
    [result.data],
  );

  const loading = range === null || result.isFetching;

  return (
    <>
      <PageHeader
        title="Calendario de Eventos"
        subtitle="Los eventos del mes, con el color de su tipo."
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
        {loading && (
          <Box className={classes.spinner} role="status" aria-live="polite">
            <Loader size="sm" aria-hidden />
            <Text size="sm" c="dimmed">
              Cargando eventos...
            </Text>
          </Box>
        )}
        <Box ref={container} aria-busy={loading || undefined} className={classes.calendar}>
          <FullCalendar
            plugins={[dayGridPlugin]}
            initialView="dayGridMonth"
            locale={esLocale}
            firstDay={1}
            fixedWeekCount
            showNonCurrentDates
            timeZone="UTC"
            now={businessNow}
            headerToolbar={{ left: 'prev,next today', center: 'title', right: '' }}
            buttonHints={{ prev: 'Mes anterior', next: 'Mes siguiente', today: 'Ir al mes actual' }}
            height="auto"
            dayMaxEvents={3}
            eventDisplay="block"
            displayEventTime={false}
            events={events}
            datesSet={onDatesSet}
            eventDidMount={({ el, event }) => {
              el.setAttribute('title', `${event.title} · ${String(event.extendedProps.type ?? '')}`);
            }}
          />
        </Box>
      </Paper>
    </>
  );
}

export default CalendarPage;
