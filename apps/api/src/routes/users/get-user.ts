import { MSG, makeItemResponse, ZUser } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { findUser } from '../../services/users/records.ts';
import { errors, ZRouteId } from '../schemas.ts';

export const getUserRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/:id',
    {
      config: { access: 'panel', versioned: 'users' },
      schema: {
        tags: ['usuarios'],
        summary: 'Ver un usuario',
        params: ZRouteId,
        response: { 200: makeItemResponse(ZUser), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // A manager finds only the sellers of their branch (404 for anyone else).
      const user = await findUser(app.db, request.params.id, requireAuth(request).user);
      if (!user) throw notFound(MSG.userNotFound);
      return { data: user };
    },
  );
};
