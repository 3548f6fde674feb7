import { makeItemResponse, ZEvent, ZEventInput } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { events } from '../../db/schema/events.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { assertBranchInScope } from '../../services/auth/branch-scope.ts';
import { eventValues, findEvent } from '../../services/events/events.ts';
import { syncEventReminders } from '../../services/scheduling/reminders.ts';
import { errors, FORM_BODIES } from '../schemas.ts';
import { assertEventRefs } from './event-refs.ts';

export const createEventRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/events',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['eventos'],
        summary: 'Crear un evento',
        description:
          'JSON, urlencoded o multipart: event_type_id (por defecto 1), branch_id (0 = todas; un encargado, solo la ' +
          'suya: 403 si no), title, ' +
          'description, start_at y end_at (instantes ISO; el fin posterior al inicio).',
        consumes: FORM_BODIES,
        body: ZEventInput,
        response: { 201: makeItemResponse(ZEvent), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const user = requireAuth(request).user;
      const body = request.body;
      assertBranchInScope(user, body.branch_id);
      await assertEventRefs(app.db, body);
      const id = await app.db.transaction(async (tx) => {
        const [row] = await tx.insert(events).values(eventValues(body)).returning({ id: events.id });
        // Its type's reminders (docs/decisions/2026-12-04-reminders.md).
        await syncEventReminders(tx, sql`e.id = ${row!.id}`, app.now());
        return row!.id;
      });
      return reply.code(201).send({ data: (await findEvent(app.db, id, user))! });
    },
  );
};
