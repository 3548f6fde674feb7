import formbody from '@fastify/formbody';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { MEDIA_MSG, MSG } from '@panel/shared';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-errors.ts';
import { MULTIPART_LIMITS } from '../lib/limits.ts';
import { removeTempFile, streamToTempFile, type UploadedFile } from '../services/storage/uploads.ts';

export const MAX_UPLOAD_BYTES = MULTIPART_LIMITS.fileSize;
export const MAX_UPLOAD_FILES = MULTIPART_LIMITS.files;

/**
 * A route that accepts files declares them in `config.uploads`; every other route refuses
 * files (fields-only multipart bodies keep working everywhere).
 */
export interface UploadRule {
  /** Multipart field names that may carry files, e.g. `['images[]', 'images']`. */
  fields: readonly string[];
  /** The key of `errors` in a refusal (the form field: `images`, `image`). */
  errorField: string;
  maxFiles: number;
  tooMany: string;
  tooLarge: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    uploads?: UploadRule;
  }
  interface FastifyRequest {
    /** Files of this request streamed to temporary files; removed after the response. */
    uploads: UploadedFile[];
  }
}

/**
 * Form bodies, as the panel sends some calls (spec §7): JSON, urlencoded and multipart land in
 * `request.body` as plain values, so the same zod schemas validate all three.
 *
 * Multipart is parsed as a stream. Text fields become plain strings (a repeated field becomes an
 * array). A file is accepted only by a route with `config.uploads`: it is streamed to a temporary
 * file while its SHA-256 and first bytes are taken, so memory stays bounded, and `request.body`
 * gets an `UploadedFile` in its place. Limits (MULTIPART_LIMITS) are enforced while streaming:
 * 10 MB per file, the route's file count, 50 fields of at most 256 KB, 60 parts.
 */
export const bodyParsersPlugin = fp(
  async (app) => {
    app.decorateRequest('uploads', null as unknown as UploadedFile[]);
    await app.register(formbody);
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { ...MULTIPART_LIMITS },
      onFile: async function onFile(this: FastifyRequest, part: MultipartFile) {
        await acceptFile(this, part);
      },
    });
    // Only signed-in callers may send multipart bodies: the auth hook (onRequest) has already
    // refused anonymous calls to every non-public route. Callback hooks, which cost no promise on
    // the requests (nearly all) that carry no file.
    app.addHook('onRequest', (request, _reply, done) => {
      request.uploads = [];
      if (
        request.routeOptions.config?.access === 'public' &&
        request.headers['content-type']?.toLowerCase().startsWith('multipart/')
      ) {
        done(new HttpError(415, MSG.unsupportedMediaType));
        return;
      }
      done();
    });
    const cleanUp = async (request: FastifyRequest) => {
      const files = request.uploads ?? [];
      request.uploads = [];
      await Promise.all(files.map((f) => removeTempFile(f.path)));
    };
    const cleanUpThen = (request: FastifyRequest, done: (error?: Error) => void) => {
      if (!request.uploads?.length) return done();
      cleanUp(request).then(() => done(), done);
    };
    // Before the answer leaves (so a client that reads it finds nothing left behind), and on
    // abort; onResponse catches anything a late hook added.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (!request.uploads?.length) return done(null, payload);
      cleanUp(request).then(
        () => done(null, payload),
        (error: Error) => done(error),
      );
    });
    app.addHook('onResponse', (request, _reply, done) => cleanUpThen(request, done));
    app.addHook('onRequestAbort', cleanUpThen);
  },
  { name: 'body-parsers', dependencies: ['auth'] },
);

async function acceptFile(request: FastifyRequest, part: MultipartFile) {
  const rule = request.routeOptions.config?.uploads;
  if (!rule?.fields.includes(part.fieldname)) {
    await drain(part);
    throw new HttpError(400, MEDIA_MSG.filesNotAccepted, {
      [part.fieldname]: [MEDIA_MSG.filesNotAccepted],
    });
  }
  if (request.uploads.length >= rule.maxFiles) {
    await drain(part);
    throw new HttpError(400, rule.tooMany, { [rule.errorField]: [rule.tooMany] });
  }
  const upload = await streamToTempFile(part.file, part.fieldname, part.filename);
  request.uploads.push(upload);
  if (upload.truncated) {
    throw new HttpError(413, rule.tooLarge, { [rule.errorField]: [rule.tooLarge] });
  }
  // attachFieldsToBody 'keyValues' puts `value` into request.body.
  (part as unknown as { value: UploadedFile }).value = upload;
}

/** Reads a refused file to its end without keeping it, so the parser can move on. */
async function drain(part: MultipartFile) {
  try {
    for await (const _chunk of part.file) {
      // discarded
    }
  } catch {
    // the refusal that follows is the answer
  }
}
