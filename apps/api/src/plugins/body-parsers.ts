import formbody from '@fastify/formbody';
import { type FastifyMultipartOptions, fastifyMultipart, type MultipartFile } from '@fastify/multipart';
import { MEDIA_MSG, MSG } from '@panel/shared';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { HttpError } from '../lib/http-errors.ts';
import { MULTIPART_LIMITS } from '../lib/limits.ts';
import { removeTempFile, streamToTempFile, type UploadedFile } from '../services/storage/uploads.ts';
import { addRouteHook, takesBody } from './route-hooks.ts';

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
  /** The text fields sent with the files, which the handler validates (routes/media-form.ts); for the OpenAPI document. */
  form?: z.ZodType;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    uploads?: UploadRule;
  }
  interface FastifyRequest {
    /**
     * Files of this request streamed to temporary files; removed after the response. An array on
     * the routes that take files (`config.uploads`); elsewhere null until a multipart body is read.
     */
    uploads: UploadedFile[];
  }
}

/**
 * Form bodies, as the panel sends some calls (docs/api-contract.md): JSON, urlencoded and multipart land in
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
    await app.register(multipartWithoutHooks, { limits: { ...MULTIPART_LIMITS } });
    // The body is read here rather than with the plugin's `attachFieldsToBody`, so that whatever
    // busboy throws on a malformed body (garbage bytes, no boundary, a truncated body) becomes a
    // Spanish 400 instead of escaping as a 500 (issue 20, item 7).
    const readBody = async (request: FastifyRequest) => {
      if (!request.isMultipart()) return;
      request.body = await readMultipart(request);
    };
    // Only signed-in callers may send multipart bodies: the auth hook (onRequest) refuses anonymous
    // calls to every non-public route, and this one the multipart bodies of the public ones. A
    // callback hook: no promise.
    const refuseAnonymousMultipart = (
      request: FastifyRequest,
      _reply: FastifyReply,
      done: (error?: Error) => void,
    ) => {
      if (request.headers['content-type']?.toLowerCase().startsWith('multipart/')) {
        done(new HttpError(415, MSG.unsupportedMediaType));
        return;
      }
      done();
    };
    const noUploadsYet = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
      request.uploads = [];
      done();
    };
    const cleanUp = async (request: FastifyRequest) => {
      const files = request.uploads ?? [];
      request.uploads = [];
      await Promise.all(files.map((f) => removeTempFile(f.path)));
    };
    const cleanUpThen = (request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) => {
      if (!request.uploads?.length) return done();
      cleanUp(request).then(() => done(), done);
    };
    // Before the answer leaves (so a client that reads it finds nothing left behind), and on
    // abort; onResponse catches anything a late hook added.
    const cleanUpBeforeSend = (
      request: FastifyRequest,
      _reply: FastifyReply,
      payload: unknown,
      done: (error: Error | null, payload?: unknown) => void,
    ) => {
      if (!request.uploads?.length) return done(null, payload);
      cleanUp(request).then(
        () => done(null, payload),
        (error: Error) => done(error),
      );
    };
    const cleanUpOnAbort = (request: FastifyRequest, done: (error?: Error) => void) =>
      cleanUpThen(request, undefined, done);
    // Each on the routes that need it (docs/performance.md, "Cost per request"): the multipart
    // parse where a body is read, the refusal on public routes, the clean-up where files are taken.
    app.addHook('onRoute', (route: RouteOptions) => {
      if (route.config?.access === 'public') addRouteHook(route, 'onRequest', refuseAnonymousMultipart);
      if (takesBody(route)) addRouteHook(route, 'preValidation', readBody);
      if (route.config?.uploads) {
        addRouteHook(route, 'onRequest', noUploadsYet);
        addRouteHook(route, 'onSend', cleanUpBeforeSend);
        addRouteHook(route, 'onResponse', cleanUpThen);
        addRouteHook(route, 'onRequestAbort', cleanUpOnAbort);
      }
    });
  },
  { name: 'body-parsers', dependencies: ['auth'] },
);

/**
 * @fastify/multipart without the two hooks it adds to every request of the app: an async `onRequest`
 * that listens for the connection's close and an async `onResponse`, both to delete the temporary
 * files of its disk mode (`saveRequestFiles`), which this API never uses: it reads `request.parts()`
 * and cleans up its own files on the routes that take them (above). Each cost every request, the
 * health check and the panel's files included, two promises and a listener (docs/performance.md,
 * "Cost per request"). The plugin's parser and request methods are registered as they are; only
 * `addHook` is not passed on. `plugins/body-parsers.test.ts` fails if the plugin comes to need a
 * hook for what we use or adds one we drop unnoticed.
 */
export const multipartWithoutHooks = fp<FastifyMultipartOptions>(
  (app, options, done) => {
    const withoutHooks = new Proxy(app, {
      get: (target, key, receiver) =>
        key === 'addHook' ? () => withoutHooks : Reflect.get(target, key, receiver),
    });
    fastifyMultipart(withoutHooks, options, done);
  },
  { name: 'multipart-without-hooks' },
);

/** RFC 2046 §5.1.1: a boundary of 1 to 70 characters, quoted or not. */
const MULTIPART_BOUNDARY = /;\s*boundary\s*=\s*(?:"[^"]{1,70}"|[^\s;"]{1,70})\s*(?:;|$)/i;

/**
 * A multipart body as plain values: text fields as strings (a repeated field as an array), files
 * as `UploadedFile`s. The plugin's own errors (limits: 413; a `__proto__` field name) and ours keep
 * their status; anything else the parser throws means the body itself is broken: a 400.
 */
async function readMultipart(request: FastifyRequest): Promise<Record<string, unknown>> {
  // busboy reads `boundary=` (empty) as an empty form, whatever the body holds.
  if (!MULTIPART_BOUNDARY.test(request.headers['content-type'] ?? '')) {
    throw new HttpError(400, MSG.malformedMultipart);
  }
  const body: Record<string, unknown> = Object.create(null);
  try {
    for await (const part of request.parts()) {
      const value = part.type === 'file' ? await acceptFile(request, part) : part.value;
      const previous = body[part.fieldname];
      body[part.fieldname] =
        previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
    }
  } catch (error) {
    stopParsing(request);
    throw malformedMultipart(error);
  }
  return { ...body };
}

/**
 * After a refusal (a limit, a broken part) the rest of the body is read and thrown away instead of
 * parsed: busboy would otherwise go on building a stream for every part past the limit, and 440 KB
 * of 5,000 empty fields held the event loop for about 0.5 s (issue 20, item 3).
 */
function stopParsing(request: FastifyRequest) {
  request.raw.unpipe();
  request.raw.resume();
}

/** Keeps the errors that already say what is wrong; the rest are a broken body. */
export function malformedMultipart(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const { code } = error as { code?: unknown };
  if (typeof code === 'string' && /^FST_(PARTS|FILES|FIELDS)_LIMIT$|^FST_REQ_FILE_TOO_LARGE$/.test(code))
    return error;
  return new HttpError(400, MSG.malformedMultipart);
}

async function acceptFile(request: FastifyRequest, part: MultipartFile): Promise<UploadedFile> {
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
  return upload;
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
