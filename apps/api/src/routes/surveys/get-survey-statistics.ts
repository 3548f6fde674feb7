import { makeItemResponse, SURVEY_MSG, ZSurveyStatistics } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { surveyStatistics } from '../../services/surveys/statistics.ts';
import { findSurvey, loadQuestions } from '../../services/surveys/surveys.ts';
import { errors, ZRouteId } from '../schemas.ts';

export const getSurveyStatisticsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/surveys/:id/statistics',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['encuestas'],
        summary: 'Estadísticas de una encuesta',
        description:
          'Respuestas, preguntas, tasa de respuesta real (quienes respondieron entre los vendedores activos de la sucursal de la encuesta, o de todas, sobre esos vendedores) y la distribución por pregunta. Las respuestas de texto se leen paginadas en `/questions/{questionId}/answers`. 404 si no existe o, para un encargado, si no es de su sucursal.',
        params: ZRouteId,
        response: { 200: makeItemResponse(ZSurveyStatistics), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const survey = await findSurvey(app.db, request.params.id, requireAuth(request).user);
      if (!survey) throw notFound(SURVEY_MSG.surveyNotFound);
      const questions = (await loadQuestions(app.db, [survey.id])).get(survey.id) ?? [];
      return { data: await surveyStatistics(app.db, survey, questions) };
    },
  );
};
