import { MSG } from '@panel/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { findPostgresError } from '../../plugins/error-mapping.ts';
import { errors, ZNoContent, ZRouteId } from '../schemas.ts';

/** Tables whose rows point to a branch; a branch still referenced is not deleted (409). */
const REFERENCING_TABLES = ['users', 'posts', 'events', 'stories', 'notifications', 'surveys'] as const;

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
      const { id } = request.params;
      const [found] = await app.db.select({ id: branches.id }).from(branches).where(eq(branches.id, id));
      if (!found) throw notFound(MSG.branchNotFound);

      const checks = REFERENCING_TABLES.map(
        (table) => sql`SELECT 1 FROM ${sql.identifier(table)} WHERE branch_id = ${id}`,
      );
      const [usage] = await queryRows<{ used: boolean }>(
        app.db,
        sql`SELECT EXISTS (${sql.join(checks, sql` UNION ALL `)}) AS used`,
      );
      if (usage?.used) throw conflict(MSG.branchInUse);

      try {
        await app.db.delete(branches).where(eq(branches.id, id));
      } catch (error) {
        // The RESTRICT foreign keys are the backstop for a reference added meanwhile.
        if (findPostgresError(error)?.code === '23503') throw conflict(MSG.branchInUse);
        throw error;
      }
      return reply.code(204).send();
    },
  );
};
