import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

interface StaticAppOptions {
  /** The plugin's name (Fastify's plugin graph and its logs). */
  name: string;
  /** The config's build folder. */
  dir: 'webDistDir' | 'communityDistDir';
  /** Logged, with the folder, when the build has no index.html: then only the API is served. */
  missingBuild: string;
  /** Where the files are served (`/comunidad/`); the site's root when left out. */
  prefix?: string;
  /** A header of its own for some files, after the cache policy (the manifest's content type). */
  fileHeaders?: (reply: FastifyReply, path: string) => void;
  /** Answers the app's paths that are no file (its router's paths), once the files are served. */
  fallback: (app: FastifyInstance, root: string) => void;
}

/**
 * One built single-page app (the panel, the community app), served on the same port as the API.
 * - Hashed files under assets/ are cached for a year (immutable); everything else (index.html, a
 *   service worker, a manifest, icons) is `no-cache`, revalidated on every load, so a deploy is
 *   seen at once.
 * - The build writes brotli and gzip copies of text files (apps/web/precompress.ts and the
 *   community app's); they are sent as they are to clients that accept them (`preCompressed`).
 * - A missing build is tolerated: a warning, and the API (and the other app) are still served.
 * The first app served at the root owns `reply.sendFile`; one under a prefix does not decorate.
 */
export function staticAppPlugin(options: StaticAppOptions) {
  return fp(
    async (app) => {
      const root = app.config[options.dir];
      if (!existsSync(join(root, 'index.html'))) {
        app.log.warn({ [options.dir]: root }, options.missingBuild);
        return;
      }
      await app.register(fastifyStatic, {
        root,
        ...(options.prefix ? { prefix: `${options.prefix}/`, decorateReply: false, redirect: true } : {}),
        wildcard: true,
        preCompressed: true,
        cacheControl: false,
        setHeaders(reply, path) {
          if (/[/\\]assets[/\\]/.test(path)) {
            reply.header('cache-control', 'public, max-age=31536000, immutable');
          } else {
            reply.header('cache-control', 'no-cache');
          }
          options.fileHeaders?.(reply, path);
        },
      });
      options.fallback(app, root);
    },
    { name: options.name, dependencies: ['errors'] },
  );
}
