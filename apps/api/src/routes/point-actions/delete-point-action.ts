import { POINT_ACTION_MSG } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict } from '../../lib/http-errors.ts';
import { findPostgresError } from '../../plugins/error-mapping.ts';
import { deletePointAction } from '../../services/points/point-actions.ts';
import { errors, ZNoContent, ZRouteId } from '../schemas.ts';
import { TAG } from './point-action-dto.ts';

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
      try {
        await deletePointAction(app.db, request.params.id);
      } catch (error) {
        // The RESTRICT foreign key is the backstop for an award written meanwhile.
        if (findPostgresError(error)?.code === '23503') throw conflict(POINT_ACTION_MSG.inUse);
        throw error;
      }
      return reply.code(204).send();
    },
  );
};
