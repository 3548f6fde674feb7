import { MSG } from '@panel/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, SERVER_MSG } from '../lib/http-errors.ts';
import { RouteMethods } from '../lib/route-methods.ts';
import { mapError } from './error-mapping.ts';
import { SECURITY_HEADERS } from './security.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the static-web plugin: answers GETs outside /api with the panel's index.html. */
    spaFallback: ((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | null;
    /**
     * Single-page apps served under a path of their own (the community app under /comunidad/):
     * a GET under `prefix` that matches no file answers `handler`, before the panel's fallback.
     */
    spaFallbacks: { prefix: string; handler: (request: FastifyRequest, reply: FastifyReply) => unknown }[];
    /** The methods each API path answers: the `Allow` header of a 405. */
    routeMethods: RouteMethods;
  }
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs gets the API's
 * Spanish `{message}` body instead of Fastify's English one. A bad percent-encoding in the path
 * (`/api/users/%E0%A4%A`) is a 400.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const [status, message] =
    error.code === 'FST_ERR_BAD_URL'
      ? [400, SERVER_MSG.badUrl]
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? [414, SERVER_MSG.urlTooLong]
        : [400, MSG.invalidInput];
  reply.headers(SECURITY_HEADERS).code(status).type('application/json; charset=utf-8').send({ message });
}

/**
 * A path the static files' wildcard refuses as such: @fastify/static's forbidden path (an encoded
 * backslash or NUL), or a 400/403 of its `send` (http-errors, with `status`).
 */
function isStaticRefusal(error: unknown, request: FastifyRequest): boolean {
  if (error instanceof HttpError || !request.routeOptions.url?.endsWith('*')) return false;
  const { status, code } = error as { status?: unknown; code?: unknown };
  if (code === 'FST_STATIC_FORBIDDEN_PATH') return true;
  return (status === 400 || status === 403) && !(typeof code === 'string' && code.startsWith('FST_'));
}

/** The one error handler and the one not-found handler of the app. */
export const errorsPlugin = fp(
  async (app) => {
    app.decorate('spaFallback', null);
    app.decorate('spaFallbacks', []);
    const routeMethods = new RouteMethods();
    app.decorate('routeMethods', routeMethods);
    app.addHook('onRoute', (route) => {
      if (!route.config?.methodOverrideOf) routeMethods.add(route.method, route.url);
    });

    // Fastify's built-in text/plain parser would hand a text body to JSON writes, which then
    // answered 400 ("not an object"); a media type a route does not take is a 415, as
    // application/xml is. The users' CSV import declares text/plain for itself.
    app.removeContentTypeParser('text/plain');

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
    // A callback hook, not an async one: every request passes here, and pays no promise.
    app.addHook('onRequest', (_request, _reply, done) => {
      if (closing) done(new HttpError(503, SERVER_MSG.serviceUnavailable, undefined, { 'retry-after': '5' }));
      else done();
    });

    app.setErrorHandler((error, request, reply) => {
      // The static files' wildcard refuses a path with an encoded backslash or NUL (`/api/nope%5Cx`)
      // as a 403 or 400 of its own: such a path is no file and no route, so it is the not-found
      // answer (the API's 404 under /api), never "No tenés permiso".
      if (isStaticRefusal(error, request)) {
        reply.callNotFound();
        return;
      }
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
      // A path the API has, asked with a method it does not answer there: 405 with the methods it
      // does answer (HEAD and OPTIONS keep their 404).
      // When the path's routes include this very method, the router refused something else (a
      // parameter over its length): that is a 404, not a 405 naming the other methods.
      if (isApi && request.method !== 'HEAD' && request.method !== 'OPTIONS') {
        const allow = routeMethods.allowed(path);
        if (allow.length > 0 && !allow.includes(request.method)) {
          reply
            .code(405)
            .header('allow', allow.join(', '))
            .send({ message: SERVER_MSG.methodNotAllowedHere(allow.join(', ')) });
          return;
        }
      }
      reply.code(404).send({ message: isApi ? MSG.routeNotFound : MSG.notFound });
    });
  },
  { name: 'errors' },
);
