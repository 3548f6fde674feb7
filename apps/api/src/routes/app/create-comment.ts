import { APP_MSG, ZAppComment, ZAppCommentInput, zIdempotencyKey } from '@panel/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows, type Tx } from '../../db/client.ts';
import { postComments } from '../../db/schema/posts.ts';
import { conflict, fieldError } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { limitedResponse } from '../../plugins/seller-limits.ts';
import { awardQuietly } from '../../services/points/award.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';
import { assertPostVisible } from './post-access.ts';

/** The points create_post/comment_post gave for a reference (a replay answers what the first call did). */
async function pointsFor(tx: Tx, userId: number, actionKey: string, refType: string, refId: number) {
  const [row] = await queryRows<{ points: number }>(
    tx,
    sql`SELECT t.points FROM point_transactions t JOIN point_actions a ON a.id = t.point_action_id
      WHERE t.user_id = ${userId} AND a.key = ${actionKey}
        AND t.reference_type = ${refType} AND t.reference_id = ${String(refId)}`,
  );
  return row ? Number(row.points) : 0;
}

export const createCommentRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/app/posts/:id/comments',
    {
      config: { access: 'app', sellerLimit: { kind: 'comments', created: true } },
      schema: {
        tags: [APP_TAG],
        summary: 'Comentar una publicación',
        description:
          '`content`: de 1 a 1000 caracteres, sin espacios al principio ni al final. Otorga `comment_post`. ' +
          'Con una clave de idempotencia (cabecera `Idempotency-Key` o campo `idempotency_key`; 1 a 200 caracteres ' +
          '`A-Z a-z 0-9 - _ . :`), repetir el pedido devuelve el mismo comentario (200, cabecera ' +
          '`Idempotent-Replayed: true`) en lugar de escribir otro; la misma clave con otra publicación o texto: 409. ' +
          'Como mucho `RATE_LIMIT_COMMENTS` comentarios nuevos por cuenta (30 por minuto por defecto; una repetición ' +
          'no cuenta, cada clave distinta sí): más, 429 con `Retry-After`.',
        params: ZRouteId,
        body: ZAppCommentInput,
        response: {
          200: ZAppComment,
          201: ZAppComment,
          ...errors(400, 401, 404, 409),
          ...limitedResponse('comments'),
        },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const postId = request.params.id;
      const header = request.headers['idempotency-key'];
      let key = request.body.idempotency_key ?? null;
      if (header !== undefined) {
        const parsed = zIdempotencyKey.safeParse(Array.isArray(header) ? header[0] : header);
        if (!parsed.success) throw fieldError('idempotency_key', APP_MSG.idempotencyKeyInvalid);
        key = parsed.data;
      }
      const content = request.body.content;
      const { data, replayed } = await app.db.transaction(async (tx) => {
        await assertPostVisible(tx, user, postId);
        const now = app.now();
        const [comment] = await tx
          .insert(postComments)
          .values({ postId, userId: user.id, content, idempotencyKey: key, createdAt: now })
          .onConflictDoNothing()
          .returning();
        if (!comment) {
          // The key was used before by this user: answer the first comment.
          const [first] = await tx
            .select()
            .from(postComments)
            .where(and(eq(postComments.userId, user.id), eq(postComments.idempotencyKey, key!)));
          if (!first) throw conflict(APP_MSG.idempotencyKeyReused);
          // An edited comment's text has changed since: a late replay of its key still names it.
          if (first.postId !== postId || (first.content !== content && !first.editedAt)) {
            throw conflict(APP_MSG.idempotencyKeyReused);
          }
          return {
            replayed: true,
            data: {
              id: first.id,
              post_id: postId,
              content: first.content,
              user_name: user.name,
              created_at: first.createdAt.toISOString(),
              points_awarded: await pointsFor(tx, user.id, 'comment_post', 'comment', first.id),
            },
          };
        }
        const result = await awardQuietly(
          tx,
          { userId: user.id, actionKey: 'comment_post', reference: { type: 'comment', id: comment.id }, now },
          request.log,
        );
        return {
          replayed: false,
          data: {
            id: comment.id,
            post_id: postId,
            content: comment.content,
            user_name: user.name,
            created_at: comment.createdAt.toISOString(),
            points_awarded: result?.awarded ? result.points : 0,
          },
        };
      });
      if (replayed) return reply.code(200).header('idempotent-replayed', 'true').send({ data });
      return reply.code(201).send({ data });
    },
  );
};
