import { POINT_ACTION_MSG } from '@panel/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client.ts';
import { pointActions } from '../../db/schema/points.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { findPostgresError } from '../../plugins/error-mapping.ts';
import { errors, ZNoContent, ZRouteId } from '../schemas.ts';
import { isBuiltInAction, TAG } from './point-action-dto.ts';

/**
 * The ledger keeps pointing to every action that awarded points (never deleted, docs/product.md#points-engine), so
 * such an action is refused with 409 and can be deactivated instead; so are the app's own actions.
 */
export const deletePointActionRoute: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/api/admin/point-actions/:id',
    {
      config: { access: 'admin', versioned: 'point_actions' },
      schema: {
        tags: [TAG],
        summary: 'Eliminar una acción de puntos',
        description:
          '409 para las acciones propias de la app (daily_login, create_post, like_post, comment_post, view_story, complete_survey) y para las que ya otorgaron puntos: se pueden desactivar.',
        params: ZRouteId,
        response: { 204: ZNoContent, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const [found] = await app.db
        .select({ key: pointActions.key })
        .from(pointActions)
        .where(eq(pointActions.id, id));
      if (!found) throw notFound(POINT_ACTION_MSG.notFound);
      if (isBuiltInAction(found.key)) throw conflict(POINT_ACTION_MSG.builtInDelete);
      const [usage] = await queryRows<{ used: boolean }>(
        app.db,
        sql`SELECT EXISTS (SELECT 1 FROM point_transactions WHERE point_action_id = ${id}) AS used`,
      );
      if (usage?.used) throw conflict(POINT_ACTION_MSG.inUse);
      try {
        await app.db.delete(pointActions).where(eq(pointActions.id, id));
      } catch (error) {
        // The RESTRICT foreign key is the backstop for an award written meanwhile.
        if (findPostgresError(error)?.code === '23503') throw conflict(POINT_ACTION_MSG.inUse);
        throw error;
      }
      return reply.code(204).send();
    },
  );
};
