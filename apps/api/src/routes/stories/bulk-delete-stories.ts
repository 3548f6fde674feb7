import { BULK_MSG } from '@panel/shared';
import { and, inArray, sql } from 'drizzle-orm';
import { stories } from '../../db/schema/stories.ts';
import { inBranchScope } from '../../services/auth/branch-scope.ts';
import { bulkDeleteRoute } from '../bulk-delete.ts';

/** POST /api/stories/bulk-delete: several stories with their views and pictures. */
export const bulkDeleteStoriesRoute = bulkDeleteRoute({
  url: '/api/stories/bulk-delete',
  tag: 'historias',
  summary: 'Eliminar varias historias',
  description:
    'Borra en una transacción las historias de `ids` (1 a 1000) con sus vistas y sus imágenes. Todas o ninguna: si un id no existe (o, para un encargado, es de otra sucursal o de todas) responde 404 y no borra nada.',
  notFoundMessage: BULK_MSG.storiesNotFound,
  remove: async (tx, ids, user) => {
    const rows = await tx
      .delete(stories)
      .where(and(inArray(stories.id, ids), inBranchScope(user, sql`${stories.branchId}`)))
      .returning({ id: stories.id, imageKey: stories.imageKey, thumbKey: stories.thumbKey });
    return { ids: rows.map((r) => r.id), files: rows.flatMap((r) => [r.imageKey, r.thumbKey ?? '']) };
  },
});
