import { MSG } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict } from '../../lib/http-errors.ts';
import { findPostgresError } from '../../plugins/error-mapping.ts';
import { deleteBranch } from '../../services/branches/branches.ts';
import { errors, ZNoContent, ZRouteId } from '../schemas.ts';

export const deleteBranchRoute: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/api/branches/:id',
    {
      config: { access: 'admin', versioned: 'branches' },
      schema: {
        tags: ['sucursales'],
        summary: 'Eliminar una sucursal',
        description:
          '409 si vendedores, publicaciones, eventos, historias, notificaciones o encuestas la usan.',
        params: ZRouteId,
        response: { 204: ZNoContent, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      try {
        await deleteBranch(app.db, request.params.id);
      } catch (error) {
        // The RESTRICT foreign keys are the backstop for a reference added meanwhile.
        if (findPostgresError(error)?.code === '23503') throw conflict(MSG.branchInUse);
        throw error;
      }
      return reply.code(204).send();
    },
  );
};
