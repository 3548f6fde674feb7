import { makeItemResponse, ZSurveyDetail, ZSurveyInput } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { createSurvey } from '../../services/surveys/save.ts';
import { findSurvey, loadQuestions, toSurveyDto } from '../../services/surveys/surveys.ts';
import { errors } from '../schemas.ts';

export const createSurveyRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/surveys',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['encuestas'],
        summary: 'Crear una encuesta',
        description:
          'Queda inactiva salvo `active: true`; `points_reward` por defecto 10; `branch_id` null o 0 = todas las sucursales (un encargado, solo la suya: 403 si no). Las preguntas se guardan en el orden de la lista (desde 0). `publish_at` (opcional, un instante ISO 8601 futuro) la programa: los vendedores no la ven ni la responden hasta entonces.',
        body: ZSurveyInput,
        response: { 201: makeItemResponse(ZSurveyDetail), ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const user = requireAuth(request).user;
      const id = await app.db.transaction((tx) => createSurvey(tx, request.body, app.now(), user));
      const row = (await findSurvey(app.db, id, user))!;
      const questions = await loadQuestions(app.db, [id]);
      return reply
        .code(201)
        .send({ data: { ...toSurveyDto(row, app.now()), questions: questions.get(id) ?? [] } });
    },
  );
};
