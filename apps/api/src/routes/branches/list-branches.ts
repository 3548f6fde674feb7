import { makeListResponse, ZBranch, ZBranchListQuery } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { selectBranchesPage } from '../../services/branches/branches.ts';
import { errors } from '../schemas.ts';
import { toBranchDto } from './branch-dto.ts';

export const listBranchesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/branches',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['sucursales'],
        summary: 'Listar sucursales',
        description:
          '`q` busca en nombre, ciudad y dirección sin distinguir mayúsculas ni acentos. Un encargado de ' +
          'sucursal ve solo la suya.',
        querystring: ZBranchListQuery,
        response: { 200: makeListResponse(ZBranch), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, meta } = await selectBranchesPage(app.db, request.query, requireAuth(request).user);
      return { data: rows.map(toBranchDto), meta };
    },
  );
};
