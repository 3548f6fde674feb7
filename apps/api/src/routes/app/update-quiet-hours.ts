import { minutesOfDay, ZAppQuietHours, ZAppQuietHoursInput } from '@panel/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sellerQuietHours } from '../../db/schema/push.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { errors } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

import { QUIET_HOURS_DESCRIPTION, readQuietHours } from './quiet-hours-read.ts';

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
      const window = request.body.quiet_hours;
      if (window === null) {
        await app.db.delete(sellerQuietHours).where(eq(sellerQuietHours.userId, user.id));
      } else {
        const values = { startMinute: minutesOfDay(window.start), endMinute: minutesOfDay(window.end) };
        await app.db
          .insert(sellerQuietHours)
          .values({ userId: user.id, ...values })
          .onConflictDoUpdate({
            target: sellerQuietHours.userId,
            set: { ...values, updatedAt: app.now() },
          });
      }
      return {
        data: { quiet_hours: await readQuietHours(app.db, user.id), time_zone: app.config.timeZone },
      };
    },
  );
};
