import { IconLogout } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Avatar } from '../../components/avatar';
import { PushToggle } from '../../components/push-toggle';
import { TopBar } from '../../components/top-bar';
import { signOutOnServer } from '../../lib/auth';
import { isStandalone, useInstallWay } from '../../lib/install-prompt';
import { clearOfflineData } from '../../lib/offline-cache';
import { outbox } from '../../lib/outbox';
import { getSession, signOut, useSessionState } from '../../lib/session';
import { usePendingActions } from '../../lib/use-outbox';
import InstallGuide from '../install/install-guide';
import { ChangePassword } from './change-password';

// "No molestar" in its own chunk (issue 23.11: what issue 23 adds loads when used).
const QuietHours = lazy(() => import('./quiet-hours'));
// "Sesiones abiertas" too (issue 30, section 4).
const OpenSessions = lazy(() => import('./open-sessions'));

/**
 * Perfil: who is signed in, push notifications on this phone, No molestar, the password, the open
 * sessions, and signing out.
 */
export default function ProfilePage() {
  const { session } = useSessionState();
  const pending = usePendingActions();
  const [confirming, setConfirming] = useState(false);
  const installWay = useInstallWay();
  if (!session) return null;
  const { user } = session;

  async function leave() {
    const current = getSession();
    if (current) await outbox.clear(current.user.id);
    await clearOfflineData();
    await signOutOnServer();
    signOut();
  }

  return (
    <main className="screen">
      <TopBar title="Perfil" />
      <section className="card profile">
        <Avatar name={user.name} url={user.avatar_url} size={64} />
        <div>
          <h2 className="profile__name">{user.name}</h2>
          <p className="muted">{user.branch_name ?? 'Sin sucursal'}</p>
          <p className="muted">{user.email}</p>
        </div>
      </section>

      {installWay ? (
        <InstallGuide way={installWay} />
      ) : (
        !isStandalone() && (
          <section className="card install" aria-labelledby="install-title">
            <h2 id="install-title">Instalá la app</h2>
            <p className="muted">
              Abrí el menú del navegador y elegí «Instalar app» o «Agregar a la pantalla principal».
            </p>
          </section>
        )
      )}
      <PushToggle />
      <Suspense fallback={null}>
        <QuietHours />
      </Suspense>
      <ChangePassword />
      <Suspense fallback={null}>
        <OpenSessions onSignedOut={leave} />
      </Suspense>

      <section className="card">
        {confirming ? (
          <div role="alertdialog" aria-labelledby="logout-warning">
            <p id="logout-warning">
              Tenés {pending.length} {pending.length === 1 ? 'acción' : 'acciones'} sin enviar. Si cerrás
              sesión ahora se pierden.
            </p>
            <div className="row">
              <button type="button" className="button" onClick={() => setConfirming(false)}>
                Cancelar
              </button>
              <button type="button" className="button button--danger" onClick={leave}>
                Cerrar sesión igual
              </button>
            </div>
          </div>
        ) : (
          <button
            type="button"
            className="button button--block"
            onClick={() => (pending.length ? setConfirming(true) : void leave())}
          >
            <IconLogout size={20} aria-hidden /> Cerrar sesión
          </button>
        )}
      </section>
    </main>
  );
}
