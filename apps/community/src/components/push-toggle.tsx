import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../lib/api';
import { disablePush, enablePush, type PushState, pushState } from '../lib/push';
import { ErrorAlert } from './error-alert';

const EXPLAIN: Partial<Record<PushState, string>> = {
  'needs-install':
    'En iPhone y iPad las notificaciones llegan solo con la app agregada a la pantalla de inicio (iOS 16.4 o posterior): tocá Compartir → "Agregar a inicio" y abrila desde ahí.',
  unsupported: 'Este navegador no permite recibir notificaciones.',
  denied: 'Bloqueaste las notificaciones para esta app. Podés permitirlas en la configuración del navegador.',
};

/** "Activar notificaciones": subscribes this device to pushes (or says why it cannot). */
export function PushToggle({ compact = false }: { compact?: boolean }) {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void pushState().then(setState);
  }, []);

  if (state === null) return null;
  // On the notifications list, only the invitation: once on (or impossible), Perfil has the details.
  if (compact && state !== 'off') return null;

  async function toggle() {
    setBusy(true);
    setError(null);
    try {
      setState(state === 'on' ? await disablePush() : await enablePush());
    } catch (err) {
      setError(errorMessage(err, 'No se pudieron activar las notificaciones'));
    }
    setBusy(false);
  }

  const explanation = EXPLAIN[state];
  return (
    <section className={`card push${compact ? ' push--compact' : ''}`} aria-labelledby="push-title">
      <div className="push__text">
        <h2 id="push-title">
          {state === 'on' ? 'Notificaciones activadas' : 'Notificaciones en este teléfono'}
        </h2>
        {explanation ? (
          <p className="muted small">{explanation}</p>
        ) : (
          <p className="muted small">
            {state === 'on'
              ? 'Te avisamos en este teléfono cuando haya una notificación nueva.'
              : 'Recibí un aviso en este teléfono cuando haya una notificación nueva.'}
          </p>
        )}
      </div>
      {(state === 'on' || state === 'off') && (
        <button
          type="button"
          className={`button button--small${state === 'off' ? ' button--primary' : ''}`}
          onClick={toggle}
          disabled={busy}
        >
          {state === 'on' ? <IconBellOff size={18} aria-hidden /> : <IconBell size={18} aria-hidden />}
          {state === 'on' ? 'Desactivar' : 'Activar notificaciones'}
        </button>
      )}
      <ErrorAlert>{error}</ErrorAlert>
    </section>
  );
}
