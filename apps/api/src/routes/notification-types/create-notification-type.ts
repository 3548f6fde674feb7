import { makeItemResponse, ZNotificationType, ZNotificationTypeInput } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationTypes } from '../../db/schema/notifications.ts';
import { errors, FORM_BODIES } from '../schemas.ts';
import { notificationTypeColumns, toNotificationTypeDto } from './notification-type-dto.ts';

export const createNotificationTypeRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/notification-types',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['notificaciones'],
        summary: 'Crear un tipo de notificación',
        description: 'JSON, urlencoded o multipart: name, color (#RRGGBB, #FF0000), icon (1.png … 32.png).',
        consumes: FORM_BODIES,
        body: ZNotificationTypeInput,
        response: { 201: makeItemResponse(ZNotificationType), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { name, color, icon } = request.body;
      const [row] = await app.db
        .insert(notificationTypes)
        .values({ name, color, icon })
        .returning(notificationTypeColumns);
      return reply.code(201).send({ data: toNotificationTypeDto(row!) });
    },
  );
};
