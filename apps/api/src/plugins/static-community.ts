import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

export const COMMUNITY_PREFIX = '/comunidad';

/**
 * Serves the built community app (COMMUNITY_DIST_DIR, apps/community/dist) under /comunidad/,
 * on the same port as the API and the panel.
 * - Hashed files under /comunidad/assets/ are cached for a year (immutable).
 * - Everything else (index.html, sw.js, the manifest, icons) is `no-cache`: revalidated on every
 *   load, so a new version (and its service worker) reaches installed copies at once.
 * - A path under /comunidad/ that is no file answers the app's index.html (the app's router
 *   handles it); a missing file with an extension is a real 404.
 * The service worker lives at /comunidad/sw.js with scope /comunidad/, inside its own path, so it
 * needs no Service-Worker-Allowed header. A missing build is tolerated: only a warning, the
 * panel and the API are still served.
 */
export const staticCommunityPlugin = fp(
  async (app) => {
    const root = app.config.communityDistDir;
    const index = join(root, 'index.html');
    if (!existsSync(index)) {
      app.log.warn(
        { communityDistDir: root },
        'No se encontró la app de la comunidad compilada (index.html): /comunidad/ no se sirve. Compilala con `npm run build`.',
      );
      return;
    }
    await app.register(fastifyStatic, {
      root,
      prefix: `${COMMUNITY_PREFIX}/`,
      // The panel's static plugin owns reply.sendFile.
      decorateReply: false,
      wildcard: true,
      redirect: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, path) {
        if (/[/\\]assets[/\\]/.test(path)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          reply.header('cache-control', 'no-cache');
        }
        if (path.endsWith('.webmanifest'))
          reply.header('content-type', 'application/manifest+json; charset=utf-8');
      },
    });
    app.spaFallbacks.push({
      prefix: COMMUNITY_PREFIX,
      handler: async (request, reply) => {
        const path = request.url.split('?')[0] ?? '';
        const last = path.split('/').pop() ?? '';
        if (last.includes('.')) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
        if (path === COMMUNITY_PREFIX) return reply.redirect(`${COMMUNITY_PREFIX}/`, 301);
        const html = await readFile(index);
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
      },
    });
  },
  { name: 'static-community', dependencies: ['errors'] },
);
