import { makeItemResponse, ZSurveyDetail, ZSurveyUpdate } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateSurvey } from '../../services/surveys/save.ts';
import { findSurvey, loadQuestions, toSurveyDto } from '../../services/surveys/surveys.ts';
import { errors, ZRouteId } from '../schemas.ts';

export const updateSurveyRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/admin/surveys/:id',
    {
      config: { access: 'admin', versioned: 'surveys' },
      schema: {
        tags: ['encuestas'],
        summary: 'Actualizar una encuesta',
        description:
          'Las preguntas se emparejan por `id`: sin id se agregan, las enviadas se actualizan y las que faltan se quitan. Una pregunta con respuestas no se puede quitar ni cambiar de tipo, ni perder una opción elegida (409).',
        params: ZRouteId,
        body: ZSurveyUpdate,
        response: { 200: makeItemResponse(ZSurveyDetail), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await app.db.transaction((tx) => updateSurvey(tx, id, request.body, app.now()));
      const row = (await findSurvey(app.db, id))!;
      const questions = await loadQuestions(app.db, [id]);
      return { data: { ...toSurveyDto(row, app.now()), questions: questions.get(id) ?? [] } };
    },
  );
};
