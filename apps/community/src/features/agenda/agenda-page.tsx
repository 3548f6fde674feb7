import type { TAppEvent } from '@panel/shared';
import { IconCalendarPlus } from '@tabler/icons-react';
import { LoadState } from '../../components/load-state';
import { TopBar } from '../../components/top-bar';
import { errorMessage } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { addToCalendar, useAgenda } from './api';
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

/** Agenda: this week's events and the coming ones, of the seller's branch and of all branches. */
export default function AgendaPage() {
  const agenda = useAgenda();
  const data = agenda.data?.data;
  const now = Date.now();
  return (
    <main className="screen">
      <TopBar title="Agenda" />
      <LoadState
        isPending={agenda.isPending}
        error={agenda.isError && !data ? agenda.error : null}
        fallback="Error al cargar eventos"
        onRetry={() => void agenda.refetch()}
      />
      {data && (
        <>
          <section aria-labelledby="week-title">
            <h2 id="week-title" className="section-title">
              Esta semana
            </h2>
            {data.this_week.length === 0 ? (
              <p className="muted section-empty">No hay eventos esta semana.</p>
            ) : (
              <ul className="list">
                {data.this_week.map((e) => (
                  <EventCard
                    key={e.id}
                    event={e}
                    timeZone={data.time_zone}
                    past={Date.parse(e.end_at) < now}
                  />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="coming-title">
            <h2 id="coming-title" className="section-title">
              Próximos
            </h2>
            {data.coming.length === 0 ? (
              <p className="muted section-empty">No hay eventos más adelante por ahora.</p>
            ) : (
              <ul className="list">
                {data.coming.map((e) => (
                  <EventCard key={e.id} event={e} timeZone={data.time_zone} past={false} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </main>
  );
}
