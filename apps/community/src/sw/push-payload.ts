/**
 * What a push shows. The server sends JSON {title, body, url?, notification_id?, tag?}; anything
 * else (plain text, broken JSON, no data) still shows a notification, because every push must.
 */
export interface PushView {
  title: string;
  options: NotificationOptions & { data: { url: string } };
}

const DEFAULT_TITLE = 'Comunidad';

export function pushNotification(raw: string | null, base: string): PushView {
  let payload: Record<string, unknown> = {};
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      payload =
        typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : { body: raw };
    } catch {
      payload = { body: raw };
    }
  }
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const id = typeof payload.notification_id === 'number' ? payload.notification_id : null;
  const ownUrl = text(payload.url);
  const url = ownUrl?.startsWith(base)
    ? ownUrl
    : id !== null
      ? `${base}notificaciones?id=${id}`
      : `${base}notificaciones`;
  return {
    title: text(payload.title) ?? DEFAULT_TITLE,
    options: {
      body: text(payload.body) ?? text(payload.message) ?? 'Tenés una notificación nueva.',
      icon: `${base}icons/icon-192.png`,
      badge: `${base}icons/icon-192.png`,
      tag: text(payload.tag) ?? (id !== null ? `notification-${id}` : undefined),
      lang: 'es',
      data: { url },
    },
  };
}
