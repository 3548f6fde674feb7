import { makeItemResponse, ZSurveyResponseInput, ZSurveyResponseResult } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.ts';
import { totalPoints } from '../../services/points/seller-points.ts';
import { answerSurvey } from '../../services/surveys/answer.ts';
import { errors, ZRouteId } from '../schemas.ts';

export const answerSurveyRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/app/surveys/:id/responses',
    {
      config: { access: 'app' },
      schema: {
        tags: ['app'],
        summary: 'Responder una encuesta',
        description:
          'Una vez por vendedor (409 la segunda), solo mientras está disponible (409) y si es de su sucursal o de todas (404). Cada pregunta obligatoria debe responderse; rating entero 1–5, boolean, una de las opciones o texto de 1 a 2000 caracteres. Suma los puntos de la encuesta y la acción `complete_survey`.',
        params: ZRouteId,
        body: ZSurveyResponseInput,
        response: {
          201: makeItemResponse(
            ZSurveyResponseResult.extend({
              total_points: z.number().int().describe('El total de puntos después de responder.'),
            }),
          ),
          ...errors(400, 401, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const result = await answerSurvey(
        app.db,
        {
          surveyId: request.params.id,
          user: { id: user.id, branch_id: user.branch_id },
          answers: request.body.answers,
          now: app.now(),
        },
        request.log,
      );
      return reply.code(201).send({ data: { ...result, total_points: await totalPoints(app.db, user.id) } });
    },
  );
};
