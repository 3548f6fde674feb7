import { MSG, makeItemResponse, ZBranch, ZBranchInput } from '@panel/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { branches } from '../../db/schema/branches.ts';
import { notFound } from '../../lib/http-errors.ts';
import { branchColumns } from '../../services/branches/branches.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { sealConnectionString, toBranchDto } from './branch-dto.ts';

export const updateBranchRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/branches/:id',
    {
      config: { access: 'admin', versioned: 'branches' },
      schema: {
        tags: ['sucursales'],
        summary: 'Actualizar una sucursal',
        description:
          '`connection_string`: si no se envía se conserva; null o vacío la elimina; otro texto la reemplaza. ' +
          'El nombre es único sin distinguir mayúsculas ni acentos (409).',
        params: ZRouteId,
        body: ZBranchInput,
        response: { 200: makeItemResponse(ZBranch), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const body = request.body;
      const sealed = sealConnectionString(body.connection_string, app.secretBox.encrypt);
      const [row] = await app.db
        .update(branches)
        .set({
          name: body.name,
          city: body.city,
          address: body.address,
          ...(sealed === undefined ? {} : { connectionStringEnc: sealed }),
          updatedAt: app.now(),
        })
        .where(eq(branches.id, request.params.id))
        .returning(branchColumns);
      if (!row) throw notFound(MSG.branchNotFound);
      return { data: toBranchDto(row) };
    },
  );
};
