import { makeItemResponse, ZSurveyDetail, ZSurveyUpdate } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { updateSurvey } from '../../services/surveys/save.ts';
import { findSurvey, loadQuestions, toSurveyDto } from '../../services/surveys/surveys.ts';
import { branchVersionScope } from '../branch-version-scope.ts';
import { errors, ZRouteId } from '../schemas.ts';

export const updateSurveyRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/admin/surveys/:id',
    {
      config: { access: 'panel', versioned: 'surveys', versionScope: branchVersionScope },
      schema: {
        tags: ['encuestas'],
        summary: 'Actualizar una encuesta',
        description:
          'Las preguntas se emparejan por `id`: sin id se agregan, las enviadas se actualizan y las que faltan se quitan. Una pregunta con respuestas no se puede quitar ni cambiar de tipo, ni perder una opción elegida (409). Un encargado edita las de su sucursal (404 las demás) y no puede llevarla a otra ni a todas (403). Una programada (`publish_at` no nulo) se reprograma con otro `publish_at` futuro; sin él se publica en ese momento. Una ya publicada no acepta `publish_at` (400).',
        params: ZRouteId,
        body: ZSurveyUpdate,
        response: { 200: makeItemResponse(ZSurveyDetail), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const user = requireAuth(request).user;
      await app.db.transaction((tx) => updateSurvey(tx, id, request.body, app.now(), user));
      const row = (await findSurvey(app.db, id, user))!;
      const questions = await loadQuestions(app.db, [id]);
      return { data: { ...toSurveyDto(row, app.now()), questions: questions.get(id) ?? [] } };
    },
  );
};
