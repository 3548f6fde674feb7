import { EVENT_MSG, makeItemResponse, ZEvent, ZEventUpdate } from '@panel/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { events } from '../../db/schema/events.ts';
import { notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { assertBranchInScope } from '../../services/auth/branch-scope.ts';
import { eventsInScope, eventValues, findEvent } from '../../services/events/events.ts';
import { syncEventReminders } from '../../services/scheduling/reminders.ts';
import { branchVersionScope } from '../branch-version-scope.ts';
import { errors, FORM_BODIES, ZRouteId } from '../schemas.ts';
import { assertEventRefs } from './event-refs.ts';

/** Also answers `POST /api/events/{id}` with `_method=PUT` (docs/api-contract.md). */
export const updateEventRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/events/:id',
    {
      config: { access: 'panel', versioned: 'events', versionScope: branchVersionScope },
      schema: {
        tags: ['eventos'],
        summary: 'Actualizar un evento',
        description:
          'Un encargado edita los de su sucursal (404 los demás) y no puede llevarlo a otra ni a todas (403).',
        consumes: FORM_BODIES,
        params: ZRouteId,
        body: ZEventUpdate,
        response: { 200: makeItemResponse(ZEvent), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const user = requireAuth(request).user;
      const body = request.body;
      const inScope = and(eq(events.id, id), eventsInScope(user));
      const [found] = await app.db.select({ id: events.id }).from(events).where(inScope);
      if (!found) throw notFound(EVENT_MSG.eventNotFound);
      // Moving it to another branch (or to every branch) is a write naming that branch.
      assertBranchInScope(user, body.branch_id);
      await assertEventRefs(app.db, body);
      await app.db.transaction(async (tx) => {
        const [row] = await tx
          .update(events)
          .set({ ...eventValues(body), updatedAt: app.now() })
          .where(inScope)
          .returning({ id: events.id });
        if (!row) throw notFound(EVENT_MSG.eventNotFound);
        // A new start or type moves its reminders (docs/decisions/2026-12-04-reminders.md).
        await syncEventReminders(tx, sql`e.id = ${id}`, app.now());
      });
      return { data: (await findEvent(app.db, id, user))! };
    },
  );
};
