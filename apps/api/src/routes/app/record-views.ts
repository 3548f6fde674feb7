import { APP_VIEWS_MAX, ZAppViews, ZAppViewsInput } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { recordViews } from '../../services/views/record-views.ts';
import { errors } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

/**
 * The app's views, posts and stories in one batch (docs/decisions/2026-12-03-views.md): sent every few
 * seconds and when the app is hidden, and from the outbox when the connection returns.
 */
export const recordViewsRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/app/views',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Registrar publicaciones e historias vistas',
        description:
          `Hasta ${APP_VIEWS_MAX} publicaciones y ${APP_VIEWS_MAX} historias por llamada. Una vista por vendedor ` +
          'y elemento: repetirla no cambia nada. Lo que el vendedor no ve (otra sucursal, inexistente, historia ' +
          'vencida) se ignora sin error. Cada historia vista por primera vez otorga `view_story`.',
        body: ZAppViewsInput,
        response: { 200: ZAppViews, ...errors(400, 401) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { posts, stories } = request.body;
      return { data: await recordViews(app.db, { user, posts, stories, now: app.now() }, request.log) };
    },
  );
};
