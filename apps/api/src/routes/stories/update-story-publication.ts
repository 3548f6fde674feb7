import { MEDIA_MSG, makeItemResponse, storyWindowIssue, ZPublication, ZStory } from '@panel/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stories } from '../../db/schema/stories.ts';
import { fieldError, notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { changePublication } from '../../services/scheduling/jobs.ts';
import { publishAtFrom } from '../../services/scheduling/publish-at.ts';
import { storiesInScope, storyDto } from '../../services/stories/stories.ts';
import { errors, FORM_BODIES, ZRouteId } from '../schemas.ts';

/**
 * A scheduled story's time (docs/product.md#scheduled-publishing): "Reprogramar" moves it, "Publicar
 * ahora" publishes it; as a post's. Also answers `POST /api/stories/{id}/publication` with `_method=PUT`.
 */
export const updateStoryPublicationRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/stories/:id/publication',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['historias'],
        summary: 'Reprogramar o publicar ahora una historia programada',
        description:
          'Con `publish_at` (un instante ISO 8601 futuro) la historia programada pasa a esa hora; sin él se publica ' +
          'en ese momento. Una ya publicada no se reprograma (400, "Ya se publicó…"); tampoco a una hora en la que ' +
          'ya habría vencido (400 en `publish_at`). 404 si no existe o, para un encargado, si no es de su sucursal.',
        consumes: FORM_BODIES,
        params: ZRouteId,
        body: ZPublication,
        response: { 200: makeItemResponse(ZStory), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const now = app.now();
      const publishAt = publishAtFrom(request.body.publish_at, now);
      const scope = storiesInScope(requireAuth(request).user);
      // A story's window never changes after creation: checked against the new time before the locks.
      const [story] = await app.db
        .select({ startsAt: stories.startsAt, endsAt: stories.endsAt })
        .from(stories)
        .where(and(eq(stories.id, id), scope));
      if (!story) throw notFound(MEDIA_MSG.storyNotFound);
      if (publishAt) {
        const issue = storyWindowIssue(
          {
            starts_at: story.startsAt?.toISOString() ?? null,
            ends_at: story.endsAt?.toISOString() ?? null,
            publish_at: publishAt.toISOString(),
          },
          now,
        );
        if (issue) throw fieldError('publish_at', issue.message);
      }
      await changePublication(app.db, 'story', id, publishAt, {
        now,
        timeZone: app.config.timeZone,
        missing: MEDIA_MSG.storyNotFound,
      });
      return { data: await storyDto(app.db, id, app.now()) };
    },
  );
};
