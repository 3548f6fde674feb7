import { APP_MSG, ZAppComment, ZAppCommentInput, zIdempotencyKey } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldError } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { limitedResponse } from '../../plugins/seller-limits.ts';
import { createComment } from '../../services/posts/comments.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

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
      const header = request.headers['idempotency-key'];
      let key = request.body.idempotency_key ?? null;
      if (header !== undefined) {
        const parsed = zIdempotencyKey.safeParse(Array.isArray(header) ? header[0] : header);
        if (!parsed.success) throw fieldError('idempotency_key', APP_MSG.idempotencyKeyInvalid);
        key = parsed.data;
      }
      const { data, replayed } = await createComment(
        app.db,
        { user, postId: request.params.id, content: request.body.content, key, now: app.now() },
        request.log,
      );
      if (replayed) return reply.code(200).header('idempotent-replayed', 'true').send({ data });
      return reply.code(201).send({ data });
    },
  );
};
