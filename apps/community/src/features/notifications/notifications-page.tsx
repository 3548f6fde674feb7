import type { TAppNotification } from '@panel/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { LoadState } from '../../components/load-state';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { PushToggle } from '../../components/push-toggle';
import { TopBar } from '../../components/top-bar';
import { timeAgo } from '../../lib/time-ago';
import { markRead, useNotifications } from './api';
import { NotificationIcon } from './notification-icon';

/** How long an unread notification must be on screen to count as seen. */
const SEEN_MS = 1000;

function NotificationItem({ notification }: { notification: TAppNotification }) {
  const queryClient = useQueryClient();
  const ref = useRef<HTMLLIElement>(null);
  const unread = notification.read_at === null;

  useEffect(() => {
    const node = ref.current;
    if (!node || !unread) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((e) => e.isIntersecting);
        if (visible && !timer) {
          timer = setTimeout(() => {
            observer.disconnect();
            void markRead(queryClient, notification.id);
          }, SEEN_MS);
        } else if (!visible && timer) {
          clearTimeout(timer);
          timer = undefined;
        }
      },
      { threshold: 0.6 },
    );
    observer.observe(node);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [unread, notification.id, queryClient]);

  return (
    <li ref={ref}>
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

/** Notificaciones: unread first, each marked read once seen; the switch for push notifications on top. */
export default function NotificationsPage() {
  const list = useNotifications();
  const items = list.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <main className="screen">
      <TopBar title="Notificaciones" />
      <PullToRefresh onRefresh={() => list.refetch()}>
        <PushToggle compact />
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
