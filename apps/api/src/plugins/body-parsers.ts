import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { MSG } from '@panel/shared';
import fp from 'fastify-plugin';
import { HttpError } from '../http-errors.ts';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_FILES = 5;

/**
 * Form bodies, as the panel sends some updates (spec §7). Multipart fields and files are
 * attached to `request.body` as plain values (files as Buffers), so the same zod schemas
 * validate JSON, urlencoded and multipart bodies.
 */
export const bodyParsersPlugin = fp(
  async (app) => {
    await app.register(formbody);
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_UPLOAD_FILES, fields: 50, parts: 60 },
      throwFileSizeLimit: true,
    });
    // Uploads are buffered in memory, so only signed-in callers may send them: the auth hook
    // (onRequest) has already refused anonymous calls to every non-public route.
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config?.access !== 'public') return;
      if (request.headers['content-type']?.toLowerCase().startsWith('multipart/')) {
        throw new HttpError(415, MSG.unsupportedMediaType);
      }
    });
  },
  { name: 'body-parsers', dependencies: ['auth'] },
);
