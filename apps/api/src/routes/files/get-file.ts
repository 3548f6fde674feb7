import { MEDIA_MSG } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors.ts';
import { contentTypeOfKey, IMAGE_MEDIA, STORAGE_KEY_PATTERN } from '../../services/storage/storage.ts';
import { errors } from '../schemas.ts';

/**
 * Serves stored images at the URLs of `fileUrl(key)`. Public on purpose: keys are SHA-256
 * content addresses (unguessable without the bytes), so <img> tags work without a bearer
 * header, and a URL never changes what it points to, hence the year-long immutable cache.
 */
export const getFileRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/files/:key',
    {
      config: { access: 'public' },
      schema: {
        tags: ['archivos'],
        summary: 'Descargar una imagen guardada (original o miniatura)',
        description:
          'Público: la clave es el SHA-256 del contenido. Se sirve con su tipo real, `nosniff` y caché inmutable de un año.',
        params: z.object({ key: z.string().max(200) }),
        produces: IMAGE_MEDIA,
        response: { 200: z.any().describe('La imagen'), ...errors(404) },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      if (!STORAGE_KEY_PATTERN.test(key)) throw notFound(MEDIA_MSG.fileNotFound);
      const file = await app.storage.get(key);
      if (!file) throw notFound(MEDIA_MSG.fileNotFound);
      reply
        .header('content-type', contentTypeOfKey(key))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'same-origin');
      if (file.size !== null) reply.header('content-length', String(file.size));
      return reply.send(file.body);
    },
  );
};
