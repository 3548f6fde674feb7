import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';

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
  },
  { name: 'body-parsers' },
);
