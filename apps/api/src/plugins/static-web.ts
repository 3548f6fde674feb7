import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MSG } from '@panel/shared';
import { staticAppPlugin } from './static-app.ts';

/**
 * Serves the built panel (WEB_DIST_DIR) at the site's root, with the cache policy of
 * static-app.ts. Unknown paths outside /api answer index.html (the SPA router handles them),
 * except /login: it answers login.html when the build made it, the login screen prerendered so it
 * paints before any script runs, with its own small entry (apps/web/prerender-login.ts).
 */
export const staticWebPlugin = staticAppPlugin({
  name: 'static-web',
  dir: 'webDistDir',
  missingBuild:
    'No se encontró el panel compilado (index.html): solo se sirve la API. Compilalo con `npm run build`.',
  fallback(app, root) {
    const hasLoginDocument = existsSync(join(root, 'login.html'));
    app.spaFallback = (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (hasLoginDocument && (path === '/login' || path === '/login/')) {
        return reply.header('cache-control', 'no-cache').sendFile('login.html');
      }
      const last = path.split('/').pop() ?? '';
      // A missing file (it has an extension) is a real 404, not a page of the panel.
      if (last.includes('.')) return reply.code(404).send({ message: MSG.notFound });
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    };
  },
});
