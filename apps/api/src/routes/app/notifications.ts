import {
  APP_MSG,
  makeItemResponse,
  makeListResponse,
  ZAppNotification,
  ZAppNotificationRead,
  ZAppNotificationsQuery,
  ZAppReadAll,
  ZAppUnreadCount,
} from '@panel/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { notFound } from '../../lib/http-errors.ts';
import { fetchPage } from '../../lib/list-query.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { SessionUser } from '../../services/auth/sessions.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { APP_TAG, iso, visibleTo } from './app-scope.ts';

interface NotificationRow {
  id: number;
  title: string;
  message: string;
  branch_id: number | null;
  type_id: number;
  type_name: string;
  type_color: string;
  type_icon: string;
  created_at: Date | string;
  read_at: Date | string | null;
}

const selectNotifications = (user: SessionUser, where: SQL) =>
  sql`SELECT n.id, n.title, n.message, n.branch_id, t.id AS type_id, t.name AS type_name,
      t.color AS type_color, t.icon AS type_icon, n.created_at, r.read_at
    FROM notifications n JOIN notification_types t ON t.id = n.notification_type_id
    LEFT JOIN notification_reads r ON r.notification_id = n.id AND r.user_id = ${user.id}
    WHERE ${where}`;

const toDto = (n: NotificationRow) => ({
  id: n.id,
  title: n.title,
  message: n.message,
  branch_id: n.branch_id,
  type: { id: n.type_id, name: n.type_name, color: n.type_color, icon: n.type_icon },
  created_at: iso(n.created_at),
  read_at: n.read_at ? iso(n.read_at) : null,
});

export async function unreadCount(db: Db | Tx, user: SessionUser): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM notifications n
      WHERE ${visibleTo(user, sql`n.branch_id`)}
        AND NOT EXISTS (SELECT 1 FROM notification_reads r WHERE r.notification_id = n.id AND r.user_id = ${user.id})`,
  );
  return Number(row?.n ?? 0);
}

export const appNotificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/app/notifications',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Notificaciones del vendedor',
        description:
          'Las de su sucursal y las de todas: primero las no leídas, y dentro de cada grupo la más nueva primero. ' +
          '`read_at`: cuándo la marcó leída (null: no leída). `filter=unread`: solo las no leídas.',
        querystring: ZAppNotificationsQuery,
        response: { 200: makeListResponse(ZAppNotification), ...errors(400, 401) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const unreadOnly =
        request.query.filter === 'unread'
          ? sql`AND NOT EXISTS (SELECT 1 FROM notification_reads x WHERE x.notification_id = n.id AND x.user_id = ${user.id})`
          : sql``;
      const where = sql`${visibleTo(user, sql`n.branch_id`)} ${unreadOnly}`;
      const { rows, meta } = await fetchPage(
        request.query,
        ({ limit, offset }) =>
          queryRows<NotificationRow>(
            app.db,
            sql`${selectNotifications(user, where)}
              ORDER BY (r.read_at IS NULL) DESC, n.created_at DESC, n.id DESC LIMIT ${limit} OFFSET ${offset}`,
          ),
        queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM notifications n WHERE ${where}`),
      );
      return { data: rows.map(toDto), meta };
    },
  );

  app.get(
    '/api/app/notifications/unread-count',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Cuántas notificaciones no leídas tengo',
        description: 'Para el globito de la pestaña.',
        response: { 200: ZAppUnreadCount, ...errors(401) },
      },
    },
    async (request) => ({ data: { unread_count: await unreadCount(app.db, requireAuth(request).user) } }),
  );

  app.get(
    '/api/app/notifications/:id',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Una notificación',
        description:
          'Lo que abre un push al tocarlo. No la marca leída. 404 si no existe o es de otra sucursal.',
        params: ZRouteId,
        response: { 200: makeItemResponse(ZAppNotification), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const [row] = await queryRows<NotificationRow>(
        app.db,
        selectNotifications(user, sql`n.id = ${request.params.id} AND ${visibleTo(user, sql`n.branch_id`)}`),
      );
      if (!row) throw notFound(APP_MSG.notificationNotFound);
      return { data: toDto(row) };
    },
  );

  app.post(
    '/api/app/notifications/:id/read',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Marcar una notificación como leída',
        description:
          'Idempotente: las siguientes conservan la hora de la primera. Devuelve las no leídas que quedan.',
        params: ZRouteId,
        response: { 200: ZAppNotificationRead, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const id = request.params.id;
      return app.db.transaction(async (tx) => {
        const [visible] = await queryRows<{ id: number }>(
          tx,
          sql`SELECT n.id FROM notifications n WHERE n.id = ${id} AND ${visibleTo(user, sql`n.branch_id`)}`,
        );
        if (!visible) throw notFound(APP_MSG.notificationNotFound);
        await queryRows(
          tx,
          sql`INSERT INTO notification_reads (notification_id, user_id, read_at)
            VALUES (${id}, ${user.id}, ${app.now().toISOString()}::timestamptz) ON CONFLICT DO NOTHING`,
        );
        const [read] = await queryRows<{ read_at: Date | string }>(
          tx,
          sql`SELECT read_at FROM notification_reads WHERE notification_id = ${id} AND user_id = ${user.id}`,
        );
        return { data: { id, read_at: iso(read!.read_at), unread_count: await unreadCount(tx, user) } };
      });
    },
  );

  app.post(
    '/api/app/notifications/read-all',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Marcar todas mis notificaciones como leídas',
        response: { 200: ZAppReadAll, ...errors(401) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const marked = await queryRows<{ id: number }>(
        app.db,
        sql`INSERT INTO notification_reads (notification_id, user_id, read_at)
          SELECT n.id, ${user.id}, ${app.now().toISOString()}::timestamptz FROM notifications n
          WHERE ${visibleTo(user, sql`n.branch_id`)}
          ON CONFLICT DO NOTHING RETURNING id`,
      );
      return { data: { marked: marked.length, unread_count: await unreadCount(app.db, user) } };
    },
  );
};
