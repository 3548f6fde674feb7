import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkDeleteNotificationsRoute } from './bulk-delete-notifications.ts';
import { createNotificationRoute } from './create-notification.ts';
import { deleteNotificationRoute } from './delete-notification.ts';
import { getNotificationRoute } from './get-notification.ts';
import { listNotificationReadersRoute } from './list-notification-readers.ts';
import { listNotificationsRoute } from './list-notifications.ts';
import { updateNotificationRoute } from './update-notification.ts';

/** Notificaciones: /api/notifications. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(listNotificationsRoute);
  await app.register(getNotificationRoute);
  await app.register(listNotificationReadersRoute);
  await app.register(createNotificationRoute);
  await app.register(updateNotificationRoute);
  await app.register(bulkDeleteNotificationsRoute);
  await app.register(deleteNotificationRoute);
};
