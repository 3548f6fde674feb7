import { ZAppQuietHours } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { readQuietHours } from '../../services/push/quiet-hours-setting.ts';
import { errors } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';
import { QUIET_HOURS_DESCRIPTION } from './quiet-hours-description.ts';

export const getQuietHoursRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/app/me/quiet-hours',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Mi horario "No molestar"',
        description: QUIET_HOURS_DESCRIPTION,
        response: { 200: ZAppQuietHours, ...errors(401) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return {
        data: { quiet_hours: await readQuietHours(app.db, user.id), time_zone: app.config.timeZone },
      };
    },
  );
};
