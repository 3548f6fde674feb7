import { TARGETS_MSG } from '@panel/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { monthlyVolumes } from '../../db/schema/targets.ts';
import { notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ownerInScope } from '../../services/auth/branch-scope.ts';
import { errors, ZNoContent, ZRouteId } from '../schemas.ts';

export const deleteVolumeRoute: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/api/user/volume/:id',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['metas'],
        summary: 'Eliminar el volumen ($) de un mes',
        params: ZRouteId,
        response: { 204: ZNoContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const deleted = await app.db
        .delete(monthlyVolumes)
        // A manager's delete finds only their branch's sellers' volumes (404 for the rest).
        .where(
          and(
            eq(monthlyVolumes.id, request.params.id),
            ownerInScope(requireAuth(request).user, sql`${monthlyVolumes.userId}`),
          ),
        )
        .returning({ id: monthlyVolumes.id });
      if (deleted.length === 0) throw notFound(TARGETS_MSG.volumeNotFound);
      return reply.code(204).send();
    },
  );
};
