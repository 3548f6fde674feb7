import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_TITLE } from '@panel/shared';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { limitsDescription } from '../lib/limits.ts';
import { finishDocument } from './openapi/finish-document.ts';
import { createRouteTransform } from './openapi/route-transform.ts';

/**
 * OpenAPI 3.1 generated from the route schemas (zod → JSON Schema 2020-12), served at
 * /api/openapi.json, with the interactive reference at /api/docs. Its description states the
 * resource limits from the constants the server enforces (lib/limits.ts).
 */
export const docsPlugin = fp(
  async (app, { requestTimeoutMs }: { requestTimeoutMs: number }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: `${APP_TITLE}: API`,
          description:
            'API del panel y de la app de la comunidad. Cada operación declara su nivel de acceso en ' +
            '`x-access`: `public`, `session` (cualquier sesión), `app` (vendedores, encargados y administradores), ' +
            '`panel` (administradores y encargados de sucursal, estos limitados a su sucursal: un registro de otra ' +
            'responde 404; un vendedor recibe 403), `admin` (solo administradores; un vendedor o un encargado ' +
            'recibe 403) o `metrics` (un recolector con `METRICS_TOKEN` ' +
            'como token, o un administrador).\n\n' +
            limitsDescription(requestTimeoutMs),
          version: '1.0.0',
        },
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', description: 'Token de POST /api/login' },
          },
        },
      },
      // Our own zod → JSON Schema, named components and the document pass (openapi/).
      transform: createRouteTransform(() => app.apiRoutes.map((r) => r.schema)) as SwaggerTransform,
      transformObject: (document) =>
        finishDocument((document as { openapiObject: Record<string, unknown> }).openapiObject) as never,
    });

    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: true, persistAuthorization: false },
    });

    app.get(
      '/api/openapi.json',
      {
        config: { access: 'public' },
        schema: {
          tags: ['docs'],
          summary: 'Documento OpenAPI 3.1',
          response: { 200: z.looseObject({ openapi: z.string() }).describe('Este documento') },
        },
      },
      async () => app.swagger(),
    );
  },
  { name: 'docs' },
);
