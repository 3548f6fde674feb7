import { BULK_MSG } from '@panel/shared';
import { inArray } from 'drizzle-orm';
import { events } from '../../db/schema/events.ts';
import { bulkDeleteRoute } from '../bulk-delete.ts';

/** POST /api/events/bulk-delete: several events. */
export const bulkDeleteEventsRoute = bulkDeleteRoute({
  url: '/api/events/bulk-delete',
  tag: 'eventos',
  summary: 'Eliminar varios eventos',
  description:
    'Borra en una transacción los eventos de `ids` (1 a 1000). Todos o ninguno: si un id no existe responde 404 y no borra nada.',
  notFoundMessage: BULK_MSG.eventsNotFound,
  remove: async (tx, ids) => {
    const rows = await tx.delete(events).where(inArray(events.id, ids)).returning({ id: events.id });
    return { ids: rows.map((r) => r.id), files: [] };
  },
});
