import { MSG, makeItemResponse, ZUser, ZUserCreate } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, fieldError } from '../../lib/http-errors.ts';
import { branchExists, findUser, findUserIdByEmail, insertUser } from '../../services/users/records.ts';
import { errors } from '../schemas.ts';

export const createUserRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['usuarios'],
        summary: 'Crear un usuario',
        body: ZUserCreate,
        response: { 201: makeItemResponse(ZUser), ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.branch_id !== null && !(await branchExists(app.db, body.branch_id))) {
        throw fieldError('branch_id', MSG.branchNotFound);
      }
      // Checked first for a clear answer; the unique index (mapped to the same 409) covers races.
      if ((await findUserIdByEmail(app.db, body.email)) !== null) throw conflict(MSG.emailTaken);
      const id = await insertUser(app.db, body);
      return reply.code(201).send({ data: (await findUser(app.db, id))! });
    },
  );
};
