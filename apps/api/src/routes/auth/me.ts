import { ZMeResponse } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { toUserDto } from '../../services/users/records.ts';
import { errors } from '../schemas.ts';

export const meRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me',
    {
      config: { access: 'session' },
      schema: {
        tags: ['sesión'],
        summary: 'Usuario de la sesión',
        response: { 200: ZMeResponse, ...errors(401) },
      },
    },
    async (request) => ({
      data: toUserDto(requireAuth(request).user),
      meta: { time_zone: app.config.timeZone },
    }),
  );
};
