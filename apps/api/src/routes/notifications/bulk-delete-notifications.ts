import { BULK_MSG } from '@panel/shared';
import { and, inArray, sql } from 'drizzle-orm';
import { notifications } from '../../db/schema/notifications.ts';
import { inBranchScope } from '../../services/auth/branch-scope.ts';
import { bulkDeleteRoute } from '../bulk-delete.ts';

/** POST /api/notifications/bulk-delete: several notifications with their reads. */
export const bulkDeleteNotificationsRoute = bulkDeleteRoute({
  url: '/api/notifications/bulk-delete',
  tag: 'notificaciones',
  summary: 'Eliminar varias notificaciones',
  description:
    'Borra en una transacción las notificaciones de `ids` (1 a 1000) y sus lecturas. Todas o ninguna: si un id no existe (o, para un encargado, es de otra sucursal o de todas) responde 404 y no borra nada.',
  notFoundMessage: BULK_MSG.notificationsNotFound,
  remove: async (tx, ids, user) => {
    const rows = await tx
      .delete(notifications)
      .where(and(inArray(notifications.id, ids), inBranchScope(user, sql`${notifications.branchId}`)))
      .returning({ id: notifications.id });
    return { ids: rows.map((r) => r.id), files: [] };
  },
});
