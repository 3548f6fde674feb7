import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_TITLE } from '@panel/shared';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { limitsDescription } from '../lib/limits.ts';

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
            '`x-access`: `public`, `session` (cualquier sesión), `app` (vendedores y administradores) o ' +
            '`admin` (solo administradores; un vendedor recibe 403) o `metrics` (un recolector con `METRICS_TOKEN` ' +
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
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });

    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: true, persistAuthorization: false },
    });

    app.get(
      '/api/openapi.json',
      { config: { access: 'public' }, schema: { tags: ['docs'], summary: 'Documento OpenAPI 3.1' } },
      async () => app.swagger(),
    );
  },
  { name: 'docs' },
);
