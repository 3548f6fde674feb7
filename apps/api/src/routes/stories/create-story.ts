import { MEDIA_MSG, makeItemResponse, ZStory, ZStoryInput, zStoryInputAt } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stories } from '../../db/schema/stories.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { assertBranchInScope } from '../../services/auth/branch-scope.ts';
import { scheduleJob } from '../../services/scheduling/jobs.ts';
import { publishAtFrom } from '../../services/scheduling/publish-at.ts';
import { processImage, storeImage } from '../../services/storage/images.ts';
import { deleteUnreferencedFiles } from '../../services/storage/media-files.ts';
import { storyDto } from '../../services/stories/stories.ts';
import { checkBranch, validateForm } from '../media-form.ts';
import { errors } from '../schemas.ts';

export const createStoryRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/stories',
    {
      config: {
        access: 'panel',
        uploads: {
          fields: ['image'],
          errorField: 'image',
          maxFiles: 1,
          tooMany: MEDIA_MSG.storyImageRequired,
          tooLarge: MEDIA_MSG.storyImageTooLarge,
          form: ZStoryInput,
        },
      },
      schema: {
        tags: ['historias'],
        summary: 'Crear una historia',
        description:
          '`multipart/form-data`: `title`, `active` ("1" o "0", por defecto 1), `branch_id` (0 o vacío = todas; un ' +
          'encargado, solo la suya: 403 si no), ' +
          '`starts_at` y `ends_at` opcionales (ISO 8601) y el archivo `image` (hasta 10 MB; JPEG, PNG, GIF, WebP o AVIF). ' +
          'Sin `ends_at`, vence 24 h después de `starts_at` (o de creada, si no tiene inicio). ' +
          '`publish_at` (opcional, un instante ISO 8601 futuro): la programa; los vendedores la ven desde ese momento, ' +
          'y sin inicio ni fin vence 24 h después. ' +
          'Se rechaza, nombrando el campo, un fin anterior al inicio o a este momento (o a la publicación), y un inicio ' +
          'de más de 24 h antes sin fin.',
        consumes: ['multipart/form-data'],
        response: { 201: makeItemResponse(ZStory), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const [file] = request.uploads;
      // The window is checked against the server's clock: a story that would have expired already is refused.
      const input = validateForm(
        zStoryInputAt(app.now()),
        request.body,
        file ? {} : { image: [MEDIA_MSG.storyImageRequired] },
      );
      const publishAt = publishAtFrom(input.publish_at, app.now());
      assertBranchInScope(auth.user, input.branch_id);
      await checkBranch(app.db, input.branch_id, MEDIA_MSG.branchInvalid);
      const image = await processImage(file!, 'image');
      try {
        await storeImage(app.storage, image);
      } catch (error) {
        // The original stored and not its thumbnail: remove it (or the start-up sweep will).
        await deleteUnreferencedFiles(app.db, app.storage, [image.key, image.thumbKey], request.log);
        throw error;
      }

      let id: number;
      try {
        // Scheduled: its job is written with it (docs/decisions/2026-12-04-scheduled-publishing.md).
        id = await app.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(stories)
            .values({
              title: input.title,
              imageKey: image.key,
              thumbKey: image.thumbKey,
              createdBy: auth.user.id,
              branchId: input.branch_id,
              active: input.active,
              startsAt: input.starts_at ? new Date(input.starts_at) : null,
              endsAt: input.ends_at ? new Date(input.ends_at) : null,
              publishAt,
            })
            .returning({ id: stories.id });
          if (publishAt) await scheduleJob(tx, 'story', row!.id, publishAt);
          return row!.id;
        });
      } catch (error) {
        await deleteUnreferencedFiles(app.db, app.storage, [image.key, image.thumbKey], request.log);
        throw error;
      }
      return reply.code(201).send({ data: await storyDto(app.db, id, app.now()) });
    },
  );
};
