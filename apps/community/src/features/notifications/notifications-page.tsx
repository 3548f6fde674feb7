import type { TAppNotification } from '@panel/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { LoadState } from '../../components/load-state';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { PushToggle } from '../../components/push-toggle';
import { TopBar } from '../../components/top-bar';
import { qk } from '../../lib/query-keys';
import { timeAgo } from '../../lib/time-ago';
import { showToast } from '../../lib/toast';
import { useUnreadCount } from '../../lib/unread';
import { markAllRead, useNotifications } from './api';
import { NotificationIcon } from './notification-icon';
import { SurveyReminders } from './survey-reminders';

/** The tab's name is the screen's (issue 23.5). */
const NOTIFICATIONS_TITLE = 'Avisos';

function NotificationItem({ notification }: { notification: TAppNotification }) {
  const unread = notification.read_at === null;
  // Read when opened (its own screen marks it), not when it scrolls past.
  return (
    <li>
      <Link
        href={`/notificaciones/${notification.id}`}
        className={`card notification${unread ? ' notification--unread' : ''}`}
        style={{ borderLeftColor: notification.type.color }}
      >
        <NotificationIcon type={notification.type} />
        <div className="notification__body">
          <div className="notification__head">
            <span className="notification__type">{notification.type.name}</span>
            <time dateTime={notification.created_at}>{timeAgo(notification.created_at)}</time>
          </div>
          <h2>
            {unread && <span className="visually-hidden">Sin leer: </span>}
            {notification.title}
          </h2>
          <p>{notification.message}</p>
        </div>
        {unread && <span className="notification__dot" aria-hidden />}
      </Link>
    </li>
  );
}

/** A tapped push opens `/notificaciones?id=N` (what the server sends): that notification is shown. */
function useOpenFromPush() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const id = Number(new URLSearchParams(search).get('id'));
  const valid = Number.isInteger(id) && id > 0;
  useEffect(() => {
    if (valid) navigate(`/notificaciones/${id}`, { replace: true });
  }, [valid, id, navigate]);
  return valid;
}

/** Avisos: unread first, each read when opened; the switch for push notifications on top. */
export default function NotificationsPage() {
  const opening = useOpenFromPush();
  const queryClient = useQueryClient();
  const list = useNotifications();
  const unread = useUnreadCount();
  const [marking, setMarking] = useState(false);
  const items = list.data?.pages.flatMap((p) => p.data) ?? [];
  if (opening) return null;

  const onMarkAll = async () => {
    setMarking(true);
    try {
      await markAllRead(queryClient);
      showToast('Marcaste todas como leídas.', 'success');
    } catch {
      showToast('No se pudieron marcar como leídas. Probá de nuevo.', 'error');
    } finally {
      setMarking(false);
    }
  };

  return (
    <main className="screen">
      <TopBar title={NOTIFICATIONS_TITLE} />
      <PullToRefresh
        onRefresh={() => Promise.all([list.refetch(), queryClient.refetchQueries({ queryKey: qk.unread })])}
      >
        <PushToggle compact />
        <SurveyReminders />
        <LoadState
          isPending={list.isPending}
          error={list.isError && !list.data ? list.error : null}
          fallback="Error al cargar las notificaciones"
          onRetry={() => void list.refetch()}
        />
        {list.isSuccess && items.length === 0 && (
          <div className="empty">
            <p>No tenés notificaciones.</p>
          </div>
        )}
        {unread > 0 && items.length > 0 && (
          <div className="notifications__actions">
            <button
              type="button"
              className="button button--small"
              onClick={() => void onMarkAll()}
              disabled={marking}
            >
              {marking ? 'Marcando…' : 'Marcar todas como leídas'}
            </button>
          </div>
        )}
        <ul className="list">
          {items.map((n) => (
            <NotificationItem key={n.id} notification={n} />
          ))}
        </ul>
        {list.hasNextPage && (
          <button
            type="button"
            className="button button--block"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage ? 'Cargando…' : 'Ver más'}
          </button>
        )}
      </PullToRefresh>
    </main>
  );
}
