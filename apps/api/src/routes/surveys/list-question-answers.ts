import {
  makeListResponse,
  SURVEY_MSG,
  ZSurveyAnswersQuery,
  ZSurveyQuestionParams,
  ZSurveyTextAnswer,
} from '@panel/shared';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { surveyAnswers, surveyQuestions, surveyResponses, surveys } from '../../db/schema/surveys.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/http-errors.ts';
import { fetchPage } from '../../lib/list-query.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { surveysInScope } from '../../services/surveys/surveys.ts';
import { errors } from '../schemas.ts';

export const listQuestionAnswersRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/surveys/:id/questions/:questionId/answers',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['encuestas'],
        summary: 'Respuestas de una pregunta, las más recientes primero',
        description:
          'Paginadas (5 por página por defecto); pensado para las preguntas de texto libre. 404 si la pregunta no ' +
          'es de esa encuesta, o la encuesta no existe o, para un encargado, no es de su sucursal.',
        params: ZSurveyQuestionParams,
        querystring: ZSurveyAnswersQuery,
        response: { 200: makeListResponse(ZSurveyTextAnswer), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id, questionId } = request.params;
      const [question] = await app.db
        .select({ id: surveyQuestions.id })
        .from(surveyQuestions)
        .innerJoin(surveys, eq(surveys.id, surveyQuestions.surveyId))
        .where(
          and(
            eq(surveyQuestions.id, questionId),
            eq(surveyQuestions.surveyId, id),
            surveysInScope(requireAuth(request).user),
          ),
        );
      if (!question) throw notFound(SURVEY_MSG.questionNotFound);

      const { rows, meta } = await fetchPage(
        request.query,
        ({ limit, offset }) =>
          app.db
            .select({
              id: surveyAnswers.id,
              value: surveyAnswers.value,
              userName: users.name,
              createdAt: surveyResponses.createdAt,
            })
            .from(surveyAnswers)
            .innerJoin(surveyResponses, eq(surveyResponses.id, surveyAnswers.responseId))
            .innerJoin(users, eq(users.id, surveyResponses.userId))
            .where(eq(surveyAnswers.questionId, questionId))
            .orderBy(desc(surveyAnswers.id))
            .limit(limit)
            .offset(offset),
        app.db.select({ n: count() }).from(surveyAnswers).where(eq(surveyAnswers.questionId, questionId)),
      );
      return {
        data: rows.map((r) => ({
          id: r.id,
          value: r.value,
          user_name: r.userName,
          created_at: r.createdAt.toISOString(),
        })),
        meta,
      };
    },
  );
};
