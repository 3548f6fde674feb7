import { type ReactNode, useEffect, useRef, useState } from 'react';

/** How far (px) the finger must pull the page down, past its top, to refresh. */
const THRESHOLD = 64;
const MAX_PULL = 96;

type Phase = 'idle' | 'pulling' | 'ready' | 'refreshing';

/**
 * Pull-to-refresh for a screen (Inicio, Avisos, Agenda, Encuestas): a touch drag down from the top of
 * the page shows the indicator, and letting go past THRESHOLD runs `onRefresh` (the screen's refetch),
 * with "Actualizando…" until it settles. Only touch starts it; the page scrolls as usual otherwise
 * (overscroll-behavior keeps the browser's own pull-to-reload out of the way).
 */
export function PullToRefresh({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const [pull, setPull] = useState(0);
  const [phase, setPhase] = useState<Phase>('idle');
  const start = useRef<number | null>(null);
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;
  const busy = useRef(false);
  const distanceRef = useRef(0);

  useEffect(() => {
    const onStart = (event: TouchEvent) => {
      if (busy.current || window.scrollY > 0 || event.touches.length !== 1) return;
      start.current = event.touches[0]!.clientY;
    };
    const onMove = (event: TouchEvent) => {
      if (start.current === null) return;
      const dy = event.touches[0]!.clientY - start.current;
      if (dy <= 0 || window.scrollY > 0) {
        start.current = null;
        distanceRef.current = 0;
        setPull(0);
        setPhase('idle');
        return;
      }
      const distance = Math.min(MAX_PULL, dy * 0.5);
      distanceRef.current = distance;
      setPull(distance);
      setPhase(distance >= THRESHOLD ? 'ready' : 'pulling');
    };
    const onEnd = () => {
      if (start.current === null) return;
      start.current = null;
      const distance = distanceRef.current;
      distanceRef.current = 0;
      if (distance < THRESHOLD) {
        setPull(0);
        setPhase('idle');
        return;
      }
      busy.current = true;
      setPull(THRESHOLD);
      setPhase('refreshing');
      void refresh
        .current()
        .catch(() => undefined)
        .finally(() => {
          busy.current = false;
          setPhase('idle');
          setPull(0);
        });
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd);
    window.addEventListener('touchcancel', onEnd);
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  const label =
    phase === 'refreshing'
      ? 'Actualizando…'
      : phase === 'ready'
        ? 'Soltá para actualizar'
        : 'Deslizá para actualizar';
  return (
    <>
      <div
        className={`pull${phase === 'refreshing' ? ' pull--busy' : ''}`}
        style={{ height: pull }}
        aria-hidden={phase === 'idle'}
      >
        {phase !== 'idle' && (
          <span className="pull__label" role="status">
            <span className={`pull__wheel${phase === 'ready' ? ' pull__wheel--ready' : ''}`} aria-hidden />
            {label}
          </span>
        )}
      </div>
      {children}
    </>
  );
}
