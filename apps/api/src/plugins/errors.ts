import { MSG } from '@panel/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, SERVER_MSG } from '../lib/http-errors.ts';
import { mapError } from './error-mapping.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the static-web plugin: answers GETs outside /api with the panel's index.html. */
    spaFallback: ((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | null;
    /**
     * Single-page apps served under a path of their own (the community app under /comunidad/):
     * a GET under `prefix` that matches no file answers `handler`, before the panel's fallback.
     */
    spaFallbacks: { prefix: string; handler: (request: FastifyRequest, reply: FastifyReply) => unknown }[];
  }
}

/** The one error handler and the one not-found handler of the app. */
export const errorsPlugin = fp(
  async (app) => {
    app.decorate('spaFallback', null);
    app.decorate('spaFallbacks', []);

    // The panel sends `Content-Type: application/json` on every call, also on bodiless POSTs
    // such as /api/logout: an empty JSON body is "no body", not malformed JSON.
    const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (body.toString().trim() === '') return done(null, undefined);
      defaultJsonParser(request, body.toString(), done);
    });

    // A request that reaches an instance while it shuts down (SIGTERM, on a connection that was
    // already open) gets a 503 in Spanish with Retry-After, like any other outage; Fastify's own
    // answer (return503OnClosing, turned off in app.ts) is an English JSON body. Fastify still
    // adds `Connection: close`, so the client or balancer reconnects to an instance that stays.
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onRequest', async () => {
      if (closing) throw new HttpError(503, SERVER_MSG.serviceUnavailable, undefined, { 'retry-after': '5' });
    });

    app.setErrorHandler((error, request, reply) => {
      const mapped = mapError(error);
      if (mapped.unexpected) {
        request.log.error({ err: error }, 'Error inesperado al atender la solicitud');
      } else if (mapped.statusCode >= 500) {
        request.log.warn({ err: error }, 'Error del servidor');
      }
      if (mapped.headers) reply.headers(mapped.headers);
      // Not returned: returning the reply makes Fastify await it and pile up 'close' listeners.
      reply.code(mapped.statusCode).type('application/json; charset=utf-8').send(mapped.body);
    });

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const isApi = path === '/api' || path.startsWith('/api/');
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      const own =
        isRead && app.spaFallbacks.find((f) => path === f.prefix || path.startsWith(`${f.prefix}/`));
      if (own) return own.handler(request, reply);
      if (!isApi && app.spaFallback && isRead) {
        app.spaFallback(request, reply);
        return;
      }
      reply.code(404).send({ message: isApi ? MSG.routeNotFound : MSG.notFound });
    });
  },
  { name: 'errors' },
);
