import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/**
 * Serves the built panel (WEB_DIST_DIR) on the same port as the API. Hashed files under
 * /assets are cached for a year; index.html is never cached, so a deploy is seen at once.
 * The build writes brotli and gzip copies of text files (apps/web/precompress.ts); they are
 * sent as they are to clients that accept them (`preCompressed`), the raw file otherwise.
 * Unknown paths outside /api answer index.html (the SPA router handles them), except /login: it
 * answers login.html when the build made it, the login screen prerendered so it paints before any
 * script runs, with its own small entry (apps/web/prerender-login.ts).
 */
export const staticWebPlugin = fp(
  async (app) => {
    const root = app.config.webDistDir;
    const index = join(root, 'index.html');
    const hasLoginDocument = existsSync(join(root, 'login.html'));
    if (!existsSync(index)) {
      app.log.warn(
        { webDistDir: root },
        'No se encontró el panel compilado (index.html): solo se sirve la API. Compilalo con `npm run build`.',
      );
      return;
    }
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, path) {
        if (/[/\\]assets[/\\]/.test(path)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          reply.header('cache-control', 'no-cache');
        }
      },
    });
    app.spaFallback = (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (hasLoginDocument && (path === '/login' || path === '/login/')) {
        return reply.header('cache-control', 'no-cache').sendFile('login.html');
      }
      const last = path.split('/').pop() ?? '';
      // A missing file (it has an extension) is a real 404, not a page of the panel.
      if (last.includes('.')) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    };
  },
  { name: 'static-web', dependencies: ['errors'] },
);
