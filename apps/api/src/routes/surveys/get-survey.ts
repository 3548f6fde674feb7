import { makeItemResponse, SURVEY_MSG, ZSurveyDetail } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { findSurvey, loadQuestions, toSurveyDto } from '../../services/surveys/surveys.ts';
import { errors, ZRouteId } from '../schemas.ts';

export const getSurveyRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/surveys/:id',
    {
      config: { access: 'panel', versioned: 'surveys' },
      schema: {
        tags: ['encuestas'],
        summary: 'Ver una encuesta con sus preguntas en orden',
        params: ZRouteId,
        response: { 200: makeItemResponse(ZSurveyDetail), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = await findSurvey(app.db, request.params.id, requireAuth(request).user);
      if (!row) throw notFound(SURVEY_MSG.surveyNotFound);
      const questions = await loadQuestions(app.db, [row.id]);
      return { data: { ...toSurveyDto(row, app.now()), questions: questions.get(row.id) ?? [] } };
    },
  );
};
