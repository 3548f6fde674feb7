import { SURVEY_MSG } from '@panel/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { surveys } from '../../db/schema/surveys.ts';
import { notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { surveysInScope } from '../../services/surveys/surveys.ts';
import { branchVersionScope } from '../branch-version-scope.ts';
import { errors, ZNoContent, ZRouteId } from '../schemas.ts';

export const deleteSurveyRoute: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/api/admin/surveys/:id',
    {
      config: { access: 'panel', versioned: 'surveys', versionScope: branchVersionScope },
      schema: {
        tags: ['encuestas'],
        summary: 'Eliminar una encuesta',
        description:
          'Borra también sus preguntas y respuestas. Los puntos ya otorgados quedan en el historial (el libro de puntos no se borra). 404 si no existe o, para un encargado, si no es de su sucursal.',
        params: ZRouteId,
        response: { 204: ZNoContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const deleted = await app.db
        .delete(surveys)
        .where(and(eq(surveys.id, request.params.id), surveysInScope(requireAuth(request).user)))
        .returning({ id: surveys.id });
      if (deleted.length === 0) throw notFound(SURVEY_MSG.surveyNotFound);
      return reply.code(204).send();
    },
  );
};
