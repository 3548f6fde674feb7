import { makeItemResponse, POINT_ACTION_MSG, ZPointAction, ZPointActionCreate } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pointActions } from '../../db/schema/points.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { findPostgresError } from '../../plugins/error-mapping.ts';
import { errors } from '../schemas.ts';
import { pointActionValues, TAG, toPointActionDto } from './point-action-dto.ts';

export const createPointActionRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/point-actions',
    {
      config: { access: 'admin' },
      schema: {
        tags: [TAG],
        summary: 'Crear una acción de puntos',
        description:
          'La clave se guarda en minúsculas, sin acentos y con guiones bajos en lugar de espacios; es única (409) y no cambia después.',
        body: ZPointActionCreate,
        response: { 201: makeItemResponse(ZPointAction), ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      try {
        const [row] = await app.db
          .insert(pointActions)
          .values({ key: body.key, ...pointActionValues(body) })
          .returning();
        return reply.code(201).send({ data: toPointActionDto(row!) });
      } catch (error) {
        if (findPostgresError(error)?.code === '23505') {
          throw new HttpError(409, POINT_ACTION_MSG.keyTaken, { key: [POINT_ACTION_MSG.keyTaken] });
        }
        throw error;
      }
    },
  );
};
