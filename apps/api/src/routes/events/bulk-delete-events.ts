import { BULK_MSG } from '@panel/shared';
import { and, inArray, sql } from 'drizzle-orm';
import { events } from '../../db/schema/events.ts';
import { inBranchScope } from '../../services/auth/branch-scope.ts';
import { bulkDeleteRoute } from '../bulk-delete.ts';

/** POST /api/events/bulk-delete: several events. */
export const bulkDeleteEventsRoute = bulkDeleteRoute({
  url: '/api/events/bulk-delete',
  tag: 'eventos',
  summary: 'Eliminar varios eventos',
  description:
    'Borra en una transacción los eventos de `ids` (1 a 1000). Todos o ninguno: si un id no existe (o, para un encargado, es de otra sucursal o de todas) responde 404 y no borra nada.',
  notFoundMessage: BULK_MSG.eventsNotFound,
  remove: async (tx, ids, user) => {
    const rows = await tx
      .delete(events)
      .where(and(inArray(events.id, ids), inBranchScope(user, sql`${events.branchId}`)))
      .returning({ id: events.id });
    return { ids: rows.map((r) => r.id), files: [] };
  },
});
