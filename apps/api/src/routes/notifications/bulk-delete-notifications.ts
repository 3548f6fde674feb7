import { BULK_MSG } from '@panel/shared';
import { inArray } from 'drizzle-orm';
import { notifications } from '../../db/schema/notifications.ts';
import { bulkDeleteRoute } from '../bulk-delete.ts';

/** POST /api/notifications/bulk-delete: several notifications with their reads. */
export const bulkDeleteNotificationsRoute = bulkDeleteRoute({
  url: '/api/notifications/bulk-delete',
  tag: 'notificaciones',
  summary: 'Eliminar varias notificaciones',
  description:
    'Borra en una transacción las notificaciones de `ids` (1 a 1000) y sus lecturas. Todas o ninguna: si un id no existe responde 404 y no borra nada.',
  notFoundMessage: BULK_MSG.notificationsNotFound,
  remove: async (tx, ids) => {
    const rows = await tx
      .delete(notifications)
      .where(inArray(notifications.id, ids))
      .returning({ id: notifications.id });
    return { ids: rows.map((r) => r.id), files: [] };
  },
});
