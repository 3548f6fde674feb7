import { MSG, makeItemResponse, ZBranch } from '@panel/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { branches } from '../../db/schema/branches.ts';
import { notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { inBranchScope } from '../../services/auth/branch-scope.ts';
import { branchColumns } from '../../services/branches/branches.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { toBranchDto } from './branch-dto.ts';

export const getBranchRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/branches/:id',
    {
      config: { access: 'panel', versioned: 'branches' },
      schema: {
        tags: ['sucursales'],
        summary: 'Ver una sucursal',
        params: ZRouteId,
        response: { 200: makeItemResponse(ZBranch), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const [row] = await app.db
        .select(branchColumns)
        .from(branches)
        // A manager finds their own branch only (404 for the others).
        .where(
          and(
            eq(branches.id, request.params.id),
            inBranchScope(requireAuth(request).user, sql`${branches.id}`),
          ),
        )
        .limit(1);
      if (!row) throw notFound(MSG.branchNotFound);
      return { data: toBranchDto(row) };
    },
  );
};
