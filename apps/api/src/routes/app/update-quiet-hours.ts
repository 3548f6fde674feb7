import { ZAppQuietHours, ZAppQuietHoursInput } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { saveQuietHours } from '../../services/push/quiet-hours-setting.ts';
import { errors } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';
import { QUIET_HOURS_DESCRIPTION } from './quiet-hours-description.ts';

export const updateQuietHoursRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/app/me/quiet-hours',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Cambiar mi horario "No molestar"',
        description: QUIET_HOURS_DESCRIPTION,
        body: ZAppQuietHoursInput,
        response: { 200: ZAppQuietHours, ...errors(400, 401) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const saved = await saveQuietHours(app.db, user.id, request.body.quiet_hours, app.now());
      return { data: { quiet_hours: saved, time_zone: app.config.timeZone } };
    },
  );
};
