import type { TAppEvent } from '@panel/shared';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadState } from '../../components/load-state';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { Spinner } from '../../components/spinner';
import { TopBar } from '../../components/top-bar';
import { errorMessage } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { agendaSections } from './agenda-sections';
import { addToCalendar, useAgenda, usePastEvents } from './api';
import { eventWhen } from './event-when';

function EventCard({ event, timeZone, past }: { event: TAppEvent; timeZone: string; past: boolean }) {
  async function add() {
    try {
      await addToCalendar(event);
    } catch (error) {
      showToast(errorMessage(error, 'No se pudo descargar el evento'), 'error');
    }
  }
  return (
    <li className={`card event${past ? ' event--past' : ''}`} style={{ borderLeftColor: event.type.color }}>
      <div className="event__type">
        <span className="event__swatch" style={{ background: event.type.color }} aria-hidden />
        {event.type.name}
        {past && <span className="chip chip--pending">Terminado</span>}
      </div>
      <h3>{event.title}</h3>
      <p className="event__when">{eventWhen(event.start_at, event.end_at, timeZone)}</p>
      <p className="muted small">{event.branch_name ?? 'Todas las sucursales'}</p>
      {event.description && <p className="event__description">{event.description}</p>}
      {!past && (
        <button type="button" className="button button--small" onClick={add}>
          <IconCalendarPlus size={18} aria-hidden /> Agregar al calendario
        </button>
      )}
    </li>
  );
}

function EventList({ events, timeZone, past }: { events: TAppEvent[]; timeZone: string; past: boolean }) {
  return (
    <ul className="list">
      {events.map((e) => (
        <EventCard key={e.id} event={e} timeZone={timeZone} past={past} />
      ))}
    </ul>
  );
}

/** "Hoy · miércoles 26 de noviembre" in the business time zone. */
function todayLabel(now: number, timeZone: string) {
  return new Intl.DateTimeFormat('es-AR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone,
  }).format(new Date(now));
}

/** What "Hoy" says when nothing is left today: that today's events ended, or that there were none. */
function todayNote(endedToday: number): string {
  if (endedToday === 1) return 'El evento de hoy ya terminó.';
  if (endedToday > 1) return 'Los eventos de hoy ya terminaron.';
  return 'No hay eventos hoy.';
}

/**
 * Agenda: today's events and what comes next, of the seller's branch and of all branches; the ended ones
 * under "Anteriores" (this week's at once, older ones on request).
 */
export default function AgendaPage() {
  const agenda = useAgenda();
  const data = agenda.data?.data;
  const now = Date.now();
  const sections = data ? agendaSections(data, now) : null;
  const [olderOpen, setOlderOpen] = useState(false);
  const older = usePastEvents(olderOpen);
  const shown = new Set([...(sections?.past ?? []), ...(sections?.endedToday ?? [])].map((e) => e.id));
  const olderEvents = (older.data?.pages.flatMap((p) => p.data) ?? []).filter((e) => !shown.has(e.id));
  return (
    <main className="screen">
      <TopBar title="Agenda" />
      <PullToRefresh onRefresh={() => Promise.all([agenda.refetch(), olderOpen ? older.refetch() : null])}>
        <LoadState
          isPending={agenda.isPending}
          error={agenda.isError && !data ? agenda.error : null}
          fallback="Error al cargar eventos"
          onRetry={() => void agenda.refetch()}
        />
        {data && sections && (
          <>
            <section aria-labelledby="today-title">
              <h2 id="today-title" className="section-title">
                Hoy <span className="section-title__note">· {todayLabel(now, data.time_zone)}</span>
              </h2>
              {sections.today.length === 0 && (
                <p className="muted section-empty">{todayNote(sections.endedToday.length)}</p>
              )}
              {sections.today.length > 0 && (
                <EventList events={sections.today} timeZone={data.time_zone} past={false} />
              )}
              {sections.endedToday.length > 0 && (
                <EventList events={sections.endedToday} timeZone={data.time_zone} past />
              )}
            </section>
            <section aria-labelledby="coming-title">
              <h2 id="coming-title" className="section-title">
                Próximos
              </h2>
              {sections.next.length === 0 ? (
                <p className="muted section-empty">No hay eventos más adelante por ahora.</p>
              ) : (
                <EventList events={sections.next} timeZone={data.time_zone} past={false} />
              )}
            </section>
            <section aria-labelledby="past-title">
              <h2 id="past-title" className="section-title">
                Anteriores
              </h2>
              {sections.past.length === 0 && !olderOpen && (
                <p className="muted section-empty">
                  {sections.endedToday.length > 0
                    ? 'No hubo otros eventos esta semana.'
                    : 'No hubo eventos esta semana.'}
                </p>
              )}
              <EventList events={sections.past} timeZone={data.time_zone} past />
              <EventList events={olderEvents} timeZone={data.time_zone} past />
              {olderOpen && older.isPending && <Spinner label="Cargando eventos anteriores…" />}
              {older.isError && (
                <p className="alert alert--error" role="alert">
                  {errorMessage(older.error, 'Error al cargar eventos')}{' '}
                  <button type="button" className="link-button" onClick={() => void older.refetch()}>
                    Reintentar
                  </button>
                </p>
              )}
              {(!olderOpen || older.hasNextPage) && (
                <button
                  type="button"
                  className="button button--block"
                  disabled={older.isFetching}
                  onClick={() => (olderOpen ? void older.fetchNextPage() : setOlderOpen(true))}
                >
                  {older.isFetchingNextPage ? 'Cargando…' : 'Ver eventos anteriores'}
                </button>
              )}
              {olderOpen && older.isSuccess && !older.hasNextPage && olderEvents.length === 0 && (
                <p className="muted section-empty">No hay eventos anteriores.</p>
              )}
            </section>
          </>
        )}
      </PullToRefresh>
    </main>
  );
}
