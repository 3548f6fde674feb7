import {
  makeListResponse,
  NOTIFICATION_MSG,
  ZNotificationReader,
  ZNotificationReadersQuery,
} from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client.ts';
import { notFound } from '../../lib/http-errors.ts';
import { fetchPage } from '../../lib/list-query.ts';
import { errors, ZRouteId } from '../schemas.ts';

interface ReaderRow {
  user_id: number;
  name: string;
  email: string;
  branch_name: string | null;
  read_at: Date | string;
}

/**
 * "Leída por": the sellers counted in `read_count` (active, and seeing the notification), newest
 * read first, a page at a time (the (notification_id, read_at, id) index walks it backwards).
 */
export const listNotificationReadersRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications/:id/reads',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['notificaciones'],
        summary: 'Quiénes leyeron una notificación',
        description:
          'Los vendedores activos que la ven (los de su sucursal, o todos) y la abrieron en la app, la lectura ' +
          'más reciente primero. `meta.total` es el `read_count` de la notificación. 404 si no existe.',
        params: ZRouteId,
        querystring: ZNotificationReadersQuery,
        response: { 200: makeListResponse(ZNotificationReader), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [found] = await queryRows<{ branch_id: number | null }>(
        app.db,
        sql`SELECT branch_id FROM notifications WHERE id = ${id}`,
      );
      if (!found) throw notFound(NOTIFICATION_MSG.notificationNotFound);
      const where = sql`r.notification_id = ${id} AND u.role = 'seller' AND u.active
        ${found.branch_id === null ? sql`` : sql`AND u.branch_id = ${found.branch_id}`}`;
      const { rows, meta } = await fetchPage(
        request.query,
        ({ limit, offset }) =>
          queryRows<ReaderRow>(
            app.db,
            sql`SELECT u.id AS user_id, u.name, u.email, b.name AS branch_name, r.read_at
              FROM notification_reads r JOIN users u ON u.id = r.user_id
              LEFT JOIN branches b ON b.id = u.branch_id
              WHERE ${where}
              ORDER BY r.read_at DESC, r.id DESC LIMIT ${limit} OFFSET ${offset}`,
          ),
        queryRows<{ n: number }>(
          app.db,
          sql`SELECT count(*)::int AS n FROM notification_reads r JOIN users u ON u.id = r.user_id WHERE ${where}`,
        ),
      );
      return {
        data: rows.map((r) => ({
          user_id: r.user_id,
          name: r.name,
          email: r.email,
          branch_name: r.branch_name,
          read_at: new Date(r.read_at).toISOString(),
        })),
        meta,
      };
    },
  );
};
