import { useOnline } from '../lib/online';

/** "Sin conexión": what is on screen is the last saved copy, and what the seller does waits to be sent. */
export function ConnectionBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      <strong>Sin conexión.</strong> Ves lo último guardado; lo que hagas se envía al volver la conexión.
    </div>
  );
}
