import {
  SESSION_MSG,
  sessionsEndedText,
  type TSession,
  type TSessionList,
  type TSessionsEnded,
} from '@panel/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadState } from '../../components/load-state';
import { apiRequest, errorMessage } from '../../lib/api';
import { qk } from '../../lib/query-keys';
import { timeAgo } from '../../lib/time-ago';
import { showToast } from '../../lib/toast';

type Pending = { kind: 'one'; session: TSession } | { kind: 'others' } | null;

/**
 * Perfil → "Sesiones abiertas" (issue 30, section 4; docs/product.md#open-sessions): where this account is
 * signed in, "Cerrar" one, "Cerrar las demás". Ending this phone's own session signs out (`onSignedOut`).
 * Its own chunk, loaded when Perfil shows it; read live (not kept for offline: sessions change elsewhere).
 */
export default function OpenSessions({ onSignedOut }: { onSignedOut: () => Promise<void> }) {
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: qk.sessions,
    queryFn: () => apiRequest<TSessionList>('/me/sessions'),
    staleTime: 0,
  });
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const list = sessions.data?.data ?? [];
  const others = list.filter((s) => !s.current).length;

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    setFailure(null);
    try {
      if (pending.kind === 'one') {
        await apiRequest(`/me/sessions/${pending.session.id}`, { method: 'DELETE' });
        showToast(SESSION_MSG.ended, 'success');
        if (pending.session.current) {
          await onSignedOut();
          return;
        }
      } else {
        const answer = await apiRequest<TSessionsEnded>('/me/sessions/end-others', { method: 'POST' });
        showToast(sessionsEndedText(answer.data.ended), 'success');
      }
      setPending(null);
      await queryClient.invalidateQueries({ queryKey: qk.sessions });
    } catch (error) {
      setFailure(errorMessage(error, 'No se pudo cerrar la sesión. Probá de nuevo.'));
    }
    setBusy(false);
  }

  const question =
    pending?.kind === 'others'
      ? 'Se cierran todas las sesiones de tu cuenta salvo la de este teléfono.'
      : pending?.session.current
        ? 'Es la sesión de este teléfono: vas a salir de la app.'
        : `Se cierra la sesión de ${pending?.session.device ?? ''}.`;

  return (
    <section className="card sessions" aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="card__title">
        {SESSION_MSG.title}
      </h2>
      <p className="muted small">
        Dónde está abierta tu cuenta. Si no reconocés una, cerrala y cambiá tu contraseña.
      </p>
      <LoadState
        isPending={sessions.isPending}
        error={sessions.isError ? sessions.error : null}
        fallback={SESSION_MSG.loadError}
        onRetry={() => void sessions.refetch()}
      />
      {sessions.data && list.length === 0 && <p className="muted">{SESSION_MSG.empty}</p>}
      {list.length > 0 && (
        <ul className="sessions__list">
          {list.map((s) => (
            <li key={s.id} className="sessions__item" data-session={s.id}>
              <div className="sessions__text">
                <p className="sessions__device">
                  {s.device} {s.current && <span className="chip chip--success">{SESSION_MSG.current}</span>}
                </p>
                <p className="muted small">
                  {s.ip ?? 'Dirección desconocida'} · Último uso {timeAgo(s.last_seen_at)}
                </p>
              </div>
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => setPending({ kind: 'one', session: s })}
                aria-label={`Cerrar la sesión de ${s.device}${s.current ? ' (esta sesión)' : ''}`}
              >
                Cerrar
              </button>
            </li>
          ))}
        </ul>
      )}
      {pending ? (
        <div role="alertdialog" aria-labelledby="sessions-question" className="sessions__confirm">
          <p id="sessions-question">{question}</p>
          {failure && (
            <p className="alert alert--error" role="alert">
              {failure}
            </p>
          )}
          <div className="row">
            <button type="button" className="button" disabled={busy} onClick={() => setPending(null)}>
              Cancelar
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={busy}
              onClick={() => void confirm()}
            >
              {busy ? 'Cerrando…' : pending.kind === 'others' ? SESSION_MSG.endOthers : 'Cerrar sesión'}
            </button>
          </div>
        </div>
      ) : (
        others > 0 && (
          <button
            type="button"
            className="button button--block"
            onClick={() => setPending({ kind: 'others' })}
          >
            {SESSION_MSG.endOthers}
          </button>
        )
      )}
    </section>
  );
}
