import { MSG, makeItemResponse, ZUser, ZUserCreate } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, fieldError } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { assertBranchInScope, assertRoleInScope } from '../../services/auth/branch-scope.ts';
import { branchExists, findUser, findUserIdByEmail, insertUser } from '../../services/users/records.ts';
import { errors } from '../schemas.ts';

/**
 * A new person. A branch manager creates sellers of their own branch only, and names it: another role is a
 * 403 (MSG.managersOnlySellers), another branch or none a 403 (MSG.otherBranch), so what the form sends is
 * what is stored, never a branch made up by the server.
 */
export const createUserRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/users',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['usuarios'],
        summary: 'Crear un usuario',
        description:
          'Un encargado de sucursal crea solo vendedores de su sucursal, y la nombra en `branch_id` ' +
          '(otro rol, otra sucursal o ninguna: 403).',
        body: ZUserCreate,
        response: { 201: makeItemResponse(ZUser), ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { user: actor } = requireAuth(request);
      const body = request.body;
      assertRoleInScope(actor, body.role);
      assertBranchInScope(actor, body.branch_id);
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
