import { makeListResponse, ZSurvey, ZSurveyListQuery } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { selectSurveysPage, toSurveyDto } from '../../services/surveys/surveys.ts';
import { errors } from '../schemas.ts';

export const listSurveysRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/surveys',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['encuestas'],
        summary: 'Listar encuestas',
        description:
          '15 por página por defecto; las más nuevas primero. `q` busca en título y descripción sin distinguir mayúsculas ni acentos; `active` filtra por estado; `branch_id` por sucursal (0 = las de todas las sucursales). Un encargado ve solo las de su sucursal.',
        querystring: ZSurveyListQuery,
        response: { 200: makeListResponse(ZSurvey), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const now = app.now();
      const { rows, meta } = await selectSurveysPage(app.db, request.query, requireAuth(request).user);
      return { data: rows.map((r) => toSurveyDto(r, now)), meta };
    },
  );
};
