import { IconBell, IconClipboardCheck, IconHome, IconPlus, IconStar } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Link, Route, Switch, useLocation } from 'wouter';
import { ConnectionBanner } from '../components/connection-banner';
import { InstallOffer } from '../components/install-offer';
import { Spinner } from '../components/spinner';
import { Toasts } from '../components/toasts';
import { UpdateBanner } from '../components/update-banner';
import { feedQuery, seedFeedFromBoot } from '../lib/feed-query';
import { refreshPushSubscription } from '../lib/push';
import { useAvisosBadge } from '../lib/unread';
import { useOutboxSync } from '../lib/use-outbox';
import {
  AgendaPage,
  ComposePage,
  FeedPage,
  NotificationPage,
  NotificationsPage,
  PointsPage,
  PostPage,
  ProfilePage,
  SearchPage,
  SurveyPage,
  SurveysPage,
} from './screens';

interface Tab {
  href: string;
  label: string;
  icon: typeof IconHome;
  /** Other paths that belong to this tab (a post belongs to Inicio). */
  also?: RegExp;
  /** The middle "+" button. */
  compose?: boolean;
}

// Agenda and Perfil sit in every screen's top bar; these are the five daily places.
const TABS: Tab[] = [
  { href: '/', label: 'Inicio', icon: IconHome, also: /^\/(publicacion\/|buscar)/ },
  { href: '/encuestas', label: 'Encuestas', icon: IconClipboardCheck, also: /^\/encuestas\// },
  { href: '/publicar', label: 'Publicar', icon: IconPlus, compose: true },
  { href: '/notificaciones', label: 'Avisos', icon: IconBell, also: /^\/notificaciones\// },
  { href: '/puntos', label: 'Puntos', icon: IconStar },
];

function isActive(tab: Tab, location: string) {
  return location === tab.href || Boolean(tab.also?.test(location));
}

function TabBar() {
  const [location] = useLocation();
  const unread = useAvisosBadge();
  return (
    <nav className="tabbar" aria-label="Secciones">
      {TABS.map((tab) => {
        const active = isActive(tab, location);
        const Icon = tab.icon;
        const badge = tab.href === '/notificaciones' && unread > 0 ? unread : 0;
        return (
          <Link
            key={tab.href}
            href={tab.href}
            className={`tabbar__tab${active ? ' tabbar__tab--active' : ''}${tab.compose ? ' tabbar__tab--compose' : ''}`}
            aria-current={active ? 'page' : undefined}
          >
            {tab.compose ? (
              <span className="tabbar__compose">
                <Icon size={24} stroke={2.2} aria-hidden />
              </span>
            ) : (
              <Icon size={24} stroke={active ? 2.2 : 1.7} aria-hidden />
            )}
            <span>{tab.label}</span>
            {badge > 0 && (
              <span className="tabbar__badge" data-testid="unread-badge">
                {badge > 99 ? '99+' : badge}
                <span className="visually-hidden"> sin leer</span>
              </span>
            )}
          </Link>
        );
      })}
    </nav>
  );
}

function NotFound() {
  return (
    <main className="screen">
      <header className="topbar">
        <h1>Página no encontrada</h1>
      </header>
      <div className="empty">
        <p>Esta página no existe.</p>
        <Link href="/" className="button button--primary">
          Ir al inicio
        </Link>
      </div>
    </main>
  );
}

/** The signed-in app: the screen, the connection state, the new-version offer and the bottom tab bar. */
export function Shell() {
  useOutboxSync();
  const [location, navigate] = useLocation();
  const queryClient = useQueryClient();
  // Opened on Inicio: its posts are asked for while its code is still loading (its first image is the
  // screen's largest paint), not after.
  const [openedOnFeed] = useState(() => {
    if (location !== '/') return false;
    seedFeedFromBoot(queryClient);
    return true;
  });
  useEffect(() => {
    if (openedOnFeed) void queryClient.prefetchInfiniteQuery(feedQuery);
  }, [openedOnFeed, queryClient]);
  useEffect(() => {
    // Not urgent, and reading the notification permission can wait on the browser: once the page is idle.
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1000));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void refreshPushSubscription());
    return () => cancel(handle);
  }, []);
  // A tapped push while the app is open: the service worker asks it to show that notification.
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; url?: string } | null;
      if (data?.type !== 'OPEN' || !data.url) return;
      // Its query too: the server sends /comunidad/notificaciones?id=N, and Avisos opens N.
      const url = new URL(data.url, window.location.origin);
      const base = import.meta.env.BASE_URL.replace(/\/$/, '');
      if (url.pathname.startsWith(base)) navigate(`${url.pathname.slice(base.length) || '/'}${url.search}`);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [navigate]);
  return (
    <div className="shell">
      <ConnectionBanner />
      <UpdateBanner />
      <Suspense fallback={<Spinner label="Cargando…" />}>
        <Switch>
          <Route path="/" component={FeedPage} />
          <Route path="/buscar" component={SearchPage} />
          <Route path="/publicacion/:id" component={PostPage} />
          <Route path="/publicar" component={ComposePage} />
          <Route path="/notificaciones" component={NotificationsPage} />
          <Route path="/notificaciones/:id" component={NotificationPage} />
          <Route path="/agenda" component={AgendaPage} />
          <Route path="/encuestas" component={SurveysPage} />
          <Route path="/encuestas/:id" component={SurveyPage} />
          <Route path="/puntos" component={PointsPage} />
          <Route path="/perfil" component={ProfilePage} />
          <Route component={NotFound} />
        </Switch>
      </Suspense>
      <InstallOffer />
      <Toasts />
      <TabBar />
    </div>
  );
}
