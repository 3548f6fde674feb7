import { makeItemResponse, ZEventType, ZEventTypeInput } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventTypes } from '../../db/schema/events.ts';
import { errors, FORM_BODIES } from '../schemas.ts';
import { eventTypeColumns, toEventTypeDto } from './event-type-dto.ts';

export const createEventTypeRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/event-types',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['eventos'],
        summary: 'Crear un tipo de evento',
        description: 'JSON, urlencoded o multipart: name, color (#RRGGBB, por defecto #FF0000).',
        consumes: FORM_BODIES,
        body: ZEventTypeInput,
        response: { 201: makeItemResponse(ZEventType), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { name, color } = request.body;
      const [row] = await app.db.insert(eventTypes).values({ name, color }).returning(eventTypeColumns);
      return reply.code(201).send({ data: toEventTypeDto(row!) });
    },
  );
};
