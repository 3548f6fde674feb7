import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { contentSecurityPolicy, inlineScriptHashes } from './security.ts';

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
  /**
   * Answers the app's paths that are no file (its router's paths), once the files are served;
   * `pagePolicy` is the CSP its index.html is sent with.
   */
  fallback: (app: FastifyInstance, root: string, pagePolicy: () => string) => void;
}

/**
 * The Content-Security-Policy of a built page: the shared one, plus the hash of each inline script
 * the page carries (the community app's first calls), so that script, and only it, runs. Read again
 * when the file changes, as a deploy does.
 */
export function pagePolicyOf(file: string): () => string {
  let known: { mtimeMs: number; policy: string } | undefined;
  return () => {
    const mtimeMs = statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (known?.mtimeMs !== mtimeMs) {
      const html = mtimeMs ? readFileSync(file, 'utf8') : '';
      known = { mtimeMs, policy: contentSecurityPolicy(inlineScriptHashes(html)) };
    }
    return known.policy;
  };
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
      const pagePolicy = pagePolicyOf(join(root, 'index.html'));
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
          if (path.endsWith('index.html')) reply.header('content-security-policy', pagePolicy());
          options.fileHeaders?.(reply, path);
        },
      });
      options.fallback(app, root, pagePolicy);
    },
    { name: options.name, dependencies: ['errors'] },
  );
}
