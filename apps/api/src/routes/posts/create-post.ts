import { MEDIA_MSG, makeItemResponse, POST_IMAGES_MAX, ZPost, ZPostInput } from '@panel/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { posts } from '../../db/schema/posts.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { UploadRule } from '../../plugins/body-parsers.ts';
import { assertBranchInScope } from '../../services/auth/branch-scope.ts';
import { createPostWithImages } from '../../services/posts/create-post.ts';
import { selectPosts, toPostDtos } from '../../services/posts/post-dto.ts';
import { scheduleJob } from '../../services/scheduling/jobs.ts';
import { publishAtFrom } from '../../services/scheduling/publish-at.ts';
import { checkBranch, validateForm } from '../media-form.ts';
import { errors } from '../schemas.ts';

/** The images of a post (panel and community app): 1 to 5 `images[]`, 10 MB each. */
export const POST_UPLOADS: UploadRule = {
  fields: ['images[]', 'images'],
  errorField: 'images',
  maxFiles: POST_IMAGES_MAX,
  tooMany: MEDIA_MSG.tooManyImages,
  tooLarge: MEDIA_MSG.imagesTooLarge,
};

export const createPostRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/posts',
    {
      config: {
        access: 'panel',
        uploads: { ...POST_UPLOADS, form: ZPostInput },
      },
      schema: {
        tags: ['publicaciones'],
        summary: 'Crear una publicación',
        description:
          '`multipart/form-data`: `content` (1 a 500 caracteres), `branch_id` (0 o vacío = todas; un encargado, solo la suya: 403 si no) y de 1 a 5 archivos ' +
          '`images[]` de hasta 10 MB. El tipo se detecta por el contenido: JPEG, PNG, GIF, WebP o AVIF. ' +
          '`publish_at` (opcional, un instante ISO 8601 futuro): la programa; los vendedores la ven desde ese momento.',
        consumes: ['multipart/form-data'],
        response: { 201: makeItemResponse(ZPost), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const files = request.uploads;
      const input = validateForm(
        ZPostInput,
        request.body,
        files.length === 0 ? { images: [MEDIA_MSG.imagesRequired] } : {},
      );
      assertBranchInScope(auth.user, input.branch_id);
      await checkBranch(app.db, input.branch_id, MEDIA_MSG.branchInvalid);
      const publishAt = publishAtFrom(input.publish_at, app.now());

      const { postId } = await createPostWithImages(
        app.db,
        app.storage,
        {
          userId: auth.user.id,
          content: input.content,
          branchId: input.branch_id,
          files,
          field: 'images',
          publishAt,
        },
        request.log,
        // Scheduled: its job is written with it (docs/decisions/2026-12-04-scheduled-publishing.md).
        publishAt ? (tx, id) => scheduleJob(tx, 'post', id, publishAt) : undefined,
      );

      const [row] = await selectPosts(app.db).where(eq(posts.id, postId));
      const [dto] = await toPostDtos(app.db, [row!]);
      return reply.code(201).send({ data: dto! });
    },
  );
};
