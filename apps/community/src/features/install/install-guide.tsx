import { IconDownload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { type InstallWay, promptInstall } from '../../lib/install-prompt';
import { AddToHomePicture, ShareButtonPicture } from './ios-steps';

/**
 * How to install the app on this device (issue 23.1): Chrome, Edge and Samsung Internet get the
 * browser's own dialog behind "Instalar app"; Safari on iPhone and iPad gets its two steps, drawn.
 * `onClose` makes it dismissible (the offer after sign-in); Perfil shows it without.
 */
export default function InstallGuide({
  way,
  onClose,
}: {
  way: Exclude<InstallWay, null>;
  onClose?: () => void;
}) {
  const [asking, setAsking] = useState(false);

  async function install() {
    setAsking(true);
    try {
      await promptInstall();
    } finally {
      setAsking(false);
    }
  }

  return (
    <section className="card install" aria-labelledby="install-title">
      {onClose && (
        <button type="button" className="icon-button install__close" aria-label="Cerrar" onClick={onClose}>
          <IconX size={20} aria-hidden />
        </button>
      )}
      <h2 id="install-title">Instalá la app</h2>
      {way === 'prompt' ? (
        <>
          <p className="muted">
            Queda en la pantalla de inicio como cualquier app, se abre más rápido y muestra lo último guardado
            aunque no tengas señal.
          </p>
          <div className="row">
            <button type="button" className="button button--primary" onClick={install} disabled={asking}>
              <IconDownload size={20} aria-hidden /> Instalar app
            </button>
            {onClose && (
              <button type="button" className="button" onClick={onClose}>
                Ahora no
              </button>
            )}
          </div>
        </>
      ) : (
        <>
          <p className="muted">En Safari, dos pasos:</p>
          <ol className="install__steps">
            <li className="install__step">
              <ShareButtonPicture />
              <p>
                <strong>1.</strong> Tocá <strong>Compartir</strong>, el cuadrado con la flecha hacia arriba
                (abajo en el iPhone, arriba en el iPad).
              </p>
            </li>
            <li className="install__step">
              <AddToHomePicture />
              <p>
                <strong>2.</strong> Elegí <strong>«Agregar a inicio»</strong> y tocá <strong>Agregar</strong>.
                Desde entonces abrí la app con ese ícono.
              </p>
            </li>
          </ol>
          {onClose && (
            <button type="button" className="button button--block" onClick={onClose}>
              Entendido
            </button>
          )}
        </>
      )}
    </section>
  );
}
