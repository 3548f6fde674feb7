import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'wouter';
import { LoadState } from '../../components/load-state';
import { BackBar } from '../../components/top-bar';
import { markRead, useNotification } from './api';
import { NotificationIcon } from './notification-icon';

/** One notification, full: what a tapped push opens. Opening it marks it read. */
export default function NotificationPage() {
  const { id } = useParams<{ id: string }>();
  const notificationId = Number(id);
  const queryClient = useQueryClient();
  const one = useNotification(notificationId);
  const n = one.data?.data;
  const unread = n?.read_at === null;

  useEffect(() => {
    if (unread) void markRead(queryClient, notificationId);
  }, [unread, notificationId, queryClient]);

  return (
    <main className="screen">
      <BackBar title="Aviso" href="/notificaciones" label="Volver a Avisos" />
      <LoadState
        isPending={one.isPending}
        error={one.isError ? one.error : null}
        fallback="Error al cargar la notificación"
        onRetry={() => void one.refetch()}
      />
      {n && (
        <article className="card notification-full" style={{ borderTopColor: n.type.color }}>
          <div className="row">
            <NotificationIcon type={n.type} />
            <span className="notification__type">{n.type.name}</span>
          </div>
          <h2>{n.title}</h2>
          <p>{n.message}</p>
          <time className="muted small" dateTime={n.created_at}>
            {new Date(n.created_at).toLocaleString('es-AR', { dateStyle: 'long', timeStyle: 'short' })}
          </time>
        </article>
      )}
    </main>
  );
}
