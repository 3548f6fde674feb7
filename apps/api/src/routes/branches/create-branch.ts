import { makeItemResponse, ZBranch, ZBranchInput } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { branches } from '../../db/schema/branches.ts';
import { branchColumns } from '../../services/branches/branches.ts';
import { errors } from '../schemas.ts';
import { sealConnectionString, toBranchDto } from './branch-dto.ts';

export const createBranchRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/branches',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['sucursales'],
        summary: 'Crear una sucursal',
        description: 'El nombre es único sin distinguir mayúsculas ni acentos (409).',
        body: ZBranchInput,
        response: { 201: makeItemResponse(ZBranch), ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const [row] = await app.db
        .insert(branches)
        .values({
          name: body.name,
          city: body.city,
          address: body.address,
          connectionStringEnc: sealConnectionString(body.connection_string, app.secretBox.encrypt) ?? null,
        })
        .returning(branchColumns);
      return reply.code(201).send({ data: toBranchDto(row!) });
    },
  );
};
