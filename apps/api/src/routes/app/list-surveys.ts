import { makeListResponse, ZAppSurvey, ZAppSurveyListQuery } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { availableSurveysPage } from '../../services/surveys/available.ts';
import { loadQuestions } from '../../services/surveys/surveys.ts';
import { errors } from '../schemas.ts';

export const listAppSurveysRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/app/surveys',
    {
      config: { access: 'app' },
      schema: {
        tags: ['app'],
        summary: 'Encuestas disponibles para quien llama',
        description:
          'Las disponibles ahora y destinadas a su sucursal o a todas, con sus preguntas y `answered_by_me`. ' +
          '`reminder_due`: llegó la hora de su recordatorio y quien llama no la respondió; con `reminder_due=true` en la ' +
          'consulta, solo esas (las "Encuestas por responder" de Avisos). 15 por página.',
        querystring: ZAppSurveyListQuery,
        response: { 200: makeListResponse(ZAppSurvey), ...errors(400, 401) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { rows, meta } = await availableSurveysPage(app.db, user, request.query, app.now());
      const questions = await loadQuestions(
        app.db,
        rows.map((r) => r.id),
      );
      return {
        data: rows.map((r) => ({
          id: r.id,
          title: r.title,
          description: r.description,
          branch_id: r.branchId,
          points_reward: r.pointsReward,
          start_date: r.startDate?.toISOString() ?? null,
          end_date: r.endDate?.toISOString() ?? null,
          is_available: true,
          answered_by_me: Boolean(r.answered),
          reminder_due: Boolean(r.reminderDue),
          questions: questions.get(r.id) ?? [],
        })),
        meta,
      };
    },
  );
};
