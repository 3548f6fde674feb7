import { IconClipboardCheck, IconHome, IconPlus } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Link, Route, Switch, useLocation } from 'wouter';
import { ConnectionBanner } from '../components/connection-banner';
import { Spinner } from '../components/spinner';
import { Toasts } from '../components/toasts';
import { UpdateBanner } from '../components/update-banner';
import { useOutboxSync } from '../lib/use-outbox';
import { ComposePage, FeedPage, ProfilePage, SurveyPage, SurveysPage } from './screens';

interface Tab {
  href: string;
  label: string;
  icon: typeof IconHome;
  /** Other paths that belong to this tab (a post belongs to Inicio). */
  also?: RegExp;
  /** The middle "+" button. */
  compose?: boolean;
}

const TABS: Tab[] = [
  { href: '/', label: 'Inicio', icon: IconHome, also: /^\/publicacion\// },
  { href: '/publicar', label: 'Publicar', icon: IconPlus, compose: true },
  { href: '/encuestas', label: 'Encuestas', icon: IconClipboardCheck, also: /^\/encuestas\// },
];

function isActive(tab: Tab, location: string) {
  return location === tab.href || Boolean(tab.also?.test(location));
}

function TabBar() {
  const [location] = useLocation();
  return (
    <nav className="tabbar" aria-label="Secciones">
      {TABS.map((tab) => {
        const active = isActive(tab, location);
        const Icon = tab.icon;
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

/** The signed-in app: the screen, the connection state and the bottom tab bar. */
export function Shell() {
  useOutboxSync();
  return (
    <div className="shell">
      <ConnectionBanner />
      <UpdateBanner />
      <Suspense fallback={<Spinner label="Cargando…" />}>
        <Switch>
          <Route path="/" component={FeedPage} />
          <Route path="/publicar" component={ComposePage} />
          <Route path="/encuestas" component={SurveysPage} />
          <Route path="/encuestas/:id" component={SurveyPage} />
          <Route path="/perfil" component={ProfilePage} />
          <Route component={NotFound} />
        </Switch>
      </Suspense>
      <Toasts />
      <TabBar />
    </div>
  );
}
