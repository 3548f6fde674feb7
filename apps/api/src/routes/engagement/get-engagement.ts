import { makeItemResponse, type TEngagementWeeks, ZEngagement, ZEngagementQuery } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { errors } from '../schemas.ts';

/** Participación: per branch and per week, the period and the previous one (services/engagement/report.ts). */
export const getEngagementRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/engagement',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['participación'],
        summary: 'Participación por sucursal y por semana (últimas 4, 12 o 26 semanas completas)',
        description:
          'Vendedores activos en la app, publicaciones vistas, me gusta y comentarios por activo, notificaciones ' +
          'leídas en 24 h y respuesta a encuestas, por sucursal y para toda la empresa: por semana (lunes a domingo ' +
          'en la zona horaria del negocio), para el período y para el período anterior de igual largo. Cada ' +
          'instancia guarda el informe de un período hasta un minuto: solo cubre semanas terminadas. Un encargado ve ' +
          'solo su sucursal, que es también su línea `company`.',
        querystring: ZEngagementQuery,
        response: { 200: makeItemResponse(ZEngagement), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const body = await app.engagementReports.get(
        app.db,
        request.query.weeks as TEngagementWeeks,
        app.now(),
        app.config.timeZone,
        requireAuth(request).user,
      );
      // Already JSON (report-cache.ts): sent as it is, not written again.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );
};
