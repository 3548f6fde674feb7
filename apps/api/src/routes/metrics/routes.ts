import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../schemas.ts';

/** GET /api/metrics: Prometheus text (plugins/metrics.ts) for a scraper or an administrator. */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/metrics',
    {
      config: { access: 'metrics' },
      schema: {
        tags: ['sistema'],
        summary: 'Métricas en formato de texto de Prometheus',
        description:
          'Para un recolector con `Authorization: Bearer <METRICS_TOKEN>`, o con la sesión de un administrador. ' +
          'Solicitudes por plantilla de ruta y estado, histograma de latencia, uso del pool de PostgreSQL o la ' +
          'cola de la base embebida, cola y envíos de push por resultado, rechazos del límite de intentos de ' +
          'login y las métricas del proceso. Ninguna etiqueta lleva ids ni emails.',
        produces: ['text/plain'],
        response: {
          200: z.string().describe('Formato de exposición de texto de Prometheus 0.0.4'),
          ...errors(401, 403),
        },
      },
    },
    async (_request, reply) => {
      const text = await app.metrics.registry.metrics();
      return reply.type(app.metrics.registry.contentType).header('cache-control', 'no-store').send(text);
    },
  );
};
