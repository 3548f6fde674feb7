import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createNotificationTypeRoute } from './create-notification-type.ts';
import { deleteNotificationTypeRoute } from './delete-notification-type.ts';
import { getNotificationTypeRoute } from './get-notification-type.ts';
import { listNotificationTypesRoute } from './list-notification-types.ts';
import { updateNotificationTypeRoute } from './update-notification-type.ts';

/** Tipos de Notificación: /api/notification-types. */
export const notificationTypesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(listNotificationTypesRoute);
  await app.register(getNotificationTypeRoute);
  await app.register(createNotificationTypeRoute);
  await app.register(updateNotificationTypeRoute);
  await app.register(deleteNotificationTypeRoute);
};
