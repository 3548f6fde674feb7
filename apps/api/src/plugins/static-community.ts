import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MSG } from '@panel/shared';
import { staticAppPlugin } from './static-app.ts';

export const COMMUNITY_PREFIX = '/comunidad';

/**
 * Serves the built community app (COMMUNITY_DIST_DIR, apps/community/dist) under /comunidad/,
 * with the cache policy of static-app.ts (index.html, sw.js, the manifest and icons revalidated on
 * every load, so a new version and its service worker reach installed copies at once). A path
 * under /comunidad/ that is no file answers the app's index.html (the app's router handles it); a
 * missing file with an extension is a real 404. The service worker lives at /comunidad/sw.js with
 * scope /comunidad/, inside its own path, so it needs no Service-Worker-Allowed header.
 */
export const staticCommunityPlugin = staticAppPlugin({
  name: 'static-community',
  dir: 'communityDistDir',
  missingBuild:
    'No se encontró la app de la comunidad compilada (index.html): /comunidad/ no se sirve. Compilala con `npm run build`.',
  prefix: COMMUNITY_PREFIX,
  fileHeaders(reply, path) {
    if (path.endsWith('.webmanifest'))
      reply.header('content-type', 'application/manifest+json; charset=utf-8');
  },
  fallback(app, root, pagePolicy) {
    const index = join(root, 'index.html');
    app.spaFallbacks.push({
      prefix: COMMUNITY_PREFIX,
      handler: async (request, reply) => {
        const path = request.url.split('?')[0] ?? '';
        const last = path.split('/').pop() ?? '';
        if (last.includes('.')) return reply.code(404).send({ message: MSG.notFound });
        if (path === COMMUNITY_PREFIX) return reply.redirect(`${COMMUNITY_PREFIX}/`, 301);
        const html = await readFile(index);
        return reply
          .header('cache-control', 'no-cache')
          .header('content-security-policy', pagePolicy())
          .type('text/html; charset=utf-8')
          .send(html);
      },
    });
  },
});
