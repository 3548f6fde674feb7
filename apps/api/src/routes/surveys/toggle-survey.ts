import { makeItemResponse, SURVEY_MSG, ZSurvey, ZSurveyToggle } from '@panel/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { surveys } from '../../db/schema/surveys.ts';
import { notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { findSurvey, surveysInScope, toSurveyDto } from '../../services/surveys/surveys.ts';
import { branchVersionScope } from '../branch-version-scope.ts';
import { errors, ZRouteId } from '../schemas.ts';

export const toggleSurveyRoute: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/api/admin/surveys/:id/toggle',
    {
      config: { access: 'panel', versioned: 'surveys', versionScope: branchVersionScope },
      schema: {
        tags: ['encuestas'],
        summary: 'Activar o desactivar una encuesta',
        description: '404 si no existe o, para un encargado, si no es de su sucursal.',
        params: ZRouteId,
        body: ZSurveyToggle,
        response: { 200: makeItemResponse(ZSurvey), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const now = app.now();
      const user = requireAuth(request).user;
      const updated = await app.db
        .update(surveys)
        .set({ active: request.body.active, updatedAt: now })
        .where(and(eq(surveys.id, request.params.id), surveysInScope(user)))
        .returning({ id: surveys.id });
      if (updated.length === 0) throw notFound(SURVEY_MSG.surveyNotFound);
      return { data: toSurveyDto((await findSurvey(app.db, request.params.id, user))!, now) };
    },
  );
};
