import { MEDIA_MSG, makeItemResponse, POST_IMAGES_MAX, ZPost, ZPostInput } from '@panel/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postImages, posts } from '../../db/schema/posts.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { type ProcessedImage, processImage, storeImage } from '../../services/storage/images.ts';
import { deleteUnreferencedFiles } from '../../services/storage/media-files.ts';
import { checkBranch, validateForm } from '../media-form.ts';
import { errors } from '../schemas.ts';
import { selectPosts, toPostDtos } from './post-dto.ts';

export const createPostRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/posts',
    {
      config: {
        access: 'admin',
        uploads: {
          fields: ['images[]', 'images'],
          errorField: 'images',
          maxFiles: POST_IMAGES_MAX,
          tooMany: MEDIA_MSG.tooManyImages,
          tooLarge: MEDIA_MSG.imagesTooLarge,
        },
      },
      schema: {
        tags: ['publicaciones'],
        summary: 'Crear una publicación',
        description:
          '`multipart/form-data`: `content` (1 a 500 caracteres), `branch_id` (0 o vacío = todas) y de 1 a 5 archivos ' +
          '`images[]` de hasta 10 MB. El tipo se detecta por el contenido: JPEG, PNG, GIF, WebP o AVIF.',
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
      await checkBranch(app.db, input.branch_id, MEDIA_MSG.branchInvalid);

      const images: ProcessedImage[] = [];
      for (const file of files) images.push(await processImage(file, 'images'));
      for (const image of images) await storeImage(app.storage, image);

      let postId: number;
      try {
        postId = await app.db.transaction(async (tx) => {
          const [post] = await tx
            .insert(posts)
            .values({ userId: auth.user.id, content: input.content, branchId: input.branch_id })
            .returning({ id: posts.id });
          await tx.insert(postImages).values(
            images.map((image, position) => ({
              postId: post!.id,
              position,
              storageKey: image.key,
              thumbKey: image.thumbKey,
              mime: image.mime,
              size: image.size,
              width: image.width,
              height: image.height,
            })),
          );
          return post!.id;
        });
      } catch (error) {
        await deleteUnreferencedFiles(
          app.db,
          app.storage,
          images.flatMap((i) => [i.key, i.thumbKey]),
          request.log,
        );
        throw error;
      }

      const [row] = await selectPosts(app.db).where(eq(posts.id, postId));
      const [dto] = await toPostDtos(app.db, [row!]);
      return reply.code(201).send({ data: dto! });
    },
  );
};
