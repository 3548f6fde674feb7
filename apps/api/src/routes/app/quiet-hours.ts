import { hhmmOf, minutesOfDay, type TQuietHours, ZAppQuietHours, ZAppQuietHoursInput } from '@panel/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { sellerQuietHours } from '../../db/schema/push.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { errors } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

async function readQuietHours(db: Db, userId: number): Promise<TQuietHours | null> {
  const [row] = await db
    .select({ start: sellerQuietHours.startMinute, end: sellerQuietHours.endMinute })
    .from(sellerQuietHours)
    .where(eq(sellerQuietHours.userId, userId));
  return row ? { start: hhmmOf(row.start), end: hhmmOf(row.end) } : null;
}

/** "No molestar" (issue 23.6): the seller's own window, read and set from Perfil. */
export const appQuietHoursRoutes: FastifyPluginAsyncZod = async (app) => {
  const description =
    'Horario "No molestar": `start` y `end` en HH:MM, hora de la empresa (`time_zone`, APP_TIMEZONE). ' +
    'Si `start` es más tarde que `end` cruza la medianoche (22:00 a 08:00). Los push que caen dentro esperan ' +
    'hasta el final (ninguno se pierde; los ya encolados conservan su hora); la notificación aparece en Avisos ' +
    'enseguida, y una "Urgente" no espera. `null`: desactivado.';

  app.get(
    '/api/app/me/quiet-hours',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Mi horario "No molestar"',
        description,
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

  app.put(
    '/api/app/me/quiet-hours',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Cambiar mi horario "No molestar"',
        description,
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
