import { ZAppComment, ZAppCommentInput } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postComments } from '../../db/schema/posts.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { awardQuietly } from '../../services/points/award.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';
import { assertPostVisible } from './post-access.ts';

export const commentPostRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/app/posts/:id/comments',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Comentar una publicación',
        description:
          '`content`: de 1 a 1000 caracteres, sin espacios al principio ni al final. Otorga `comment_post`.',
        params: ZRouteId,
        body: ZAppCommentInput,
        response: { 201: ZAppComment, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const postId = request.params.id;
      const data = await app.db.transaction(async (tx) => {
        await assertPostVisible(tx, user, postId);
        const now = app.now();
        const [comment] = await tx
          .insert(postComments)
          .values({ postId, userId: user.id, content: request.body.content, createdAt: now })
          .returning();
        const result = await awardQuietly(
          tx,
          {
            userId: user.id,
            actionKey: 'comment_post',
            reference: { type: 'comment', id: comment!.id },
            now,
          },
          request.log,
        );
        return {
          id: comment!.id,
          post_id: postId,
          content: comment!.content,
          user_name: user.name,
          created_at: comment!.createdAt.toISOString(),
          points_awarded: result?.awarded ? result.points : 0,
        };
      });
      return reply.code(201).send({ data });
    },
  );
};
