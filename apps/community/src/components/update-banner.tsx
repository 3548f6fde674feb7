import { applyUpdate, useUpdateAvailable } from '../lib/service-worker';

export function UpdateBanner() {
  const available = useUpdateAvailable();
  if (!available) return null;
  return (
    <div className="update-banner" role="status">
      <span>Hay una versión nueva de la app.</span>
      <button type="button" className="button button--small button--primary" onClick={applyUpdate}>
        Actualizar
      </button>
    </div>
  );
}
