import { createHash, timingSafeEqual } from 'node:crypto';
import { isPanelRole, MFA_MSG, MFA_SETUP_REQUIRED } from '@panel/shared';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { afterCommit } from '../db/audit-context.ts';
import { forbidden, HttpError, unauthenticated } from '../lib/http-errors.ts';
import { hasSecondFactor } from '../services/auth/mfa.ts';
import { listenForInvalidations, SessionCache } from '../services/auth/session-cache.ts';
import { type ActiveSession, resolveSession, type SessionRow } from '../services/auth/sessions.ts';
import { MfaRequirement, readSignInRules } from '../services/auth/sign-in-settings.ts';
import { addRouteHook } from './route-hooks.ts';

/**
 * Who may call a route, declared by every route in `config.access`:
 * - public:  anyone;
 * - session: any signed-in user (seller or admin);
 * - app:     the community app's calls (/api/app/*), sellers and admins;
 * - panel:   the panel's calls a branch manager may make too (docs/product.md#branch-managers):
 *            administrators and branch managers; sellers get 403. What a manager reads and writes is
 *            limited to their branch by the queries themselves (services/auth/branch-scope.ts).
 * - admin:   the panel's calls for administrators only; sellers and branch managers get 403.
 *            On `panel` and `admin` routes, an account without a second factor while one is required
 *            (MFA_REQUIRED or the panel's rule) gets 403 `code: 'mfa_setup_required'`.
 * - metrics: GET /api/metrics: a scraper with METRICS_TOKEN as its bearer token, or an admin session.
 */
export const ACCESS_LEVELS = ['public', 'session', 'app', 'panel', 'admin', 'metrics'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Set on routes that belong to the docs UI or the static panel, not to the API itself. */
    internal?: boolean;
    /** A probe (health): its 2xx answers write no log line; any other answer does (app.ts, logRequests). */
    probe?: boolean;
    /**
     * A write of a shared route (`session`, `app`) audited whoever calls it, sellers included: ending
     * sessions (docs/product.md#audit-trail). Without it, only administrators' calls are.
     */
    auditEveryone?: boolean;
    /**
     * A `panel` route an account without a second factor may call while one is required: the second
     * factor's own setup (/api/me/mfa/*, /api/me/passkeys).
     */
    mfaSetup?: boolean;
  }
  interface FastifyRequest {
    auth: ActiveSession | null;
  }
  interface FastifyInstance {
    /** Resolved sessions, kept briefly; the database's invalidations clear them (session-cache.ts). */
    sessionCache: SessionCache<SessionRow>;
    /**
     * Call after revoking sessions or changing users (deactivation, password, role): once the write
     * has committed (the audited transaction's, or at once outside one) this instance forgets their
     * cached sessions and waits until every instance has. Await it before answering.
     */
    sessionsRevoked(userIds: readonly number[]): Promise<void>;
    /** Whether panel accounts need a second factor now (MFA_REQUIRED or the panel's saved rule). */
    mfaRequirement: MfaRequirement;
    /** Every API route as registered, "METHOD /api/path/:id"; the docs test compares it to OpenAPI. */
    apiRoutes: { method: string; url: string; access: Access; schema: RouteOptions['schema'] }[];
  }
}

/** The signed-in session of a request that passed a non-public access check. */
export function requireAuth(request: FastifyRequest): ActiveSession {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('auth', null);
    app.decorate('apiRoutes', []);
    const cache = new SessionCache<SessionRow>();
    app.decorate('sessionCache', cache);
    const mfaRequirement = new MfaRequirement(
      () => readSignInRules(app.db),
      () => app.config.mfaRequired,
    );
    app.decorate('mfaRequirement', mfaRequirement);
    const invalidations = await listenForInvalidations(app.database, cache, (error) =>
      app.log.warn({ err: error }, 'Sesiones: se perdió la escucha de invalidaciones; caché desactivada'),
    );
    app.addHook('onClose', () => invalidations.stop());
    app.decorate('sessionsRevoked', (userIds: readonly number[]) =>
      afterCommit(async () => {
        for (const id of userIds) cache.invalidate(id);
        try {
          await invalidations.sync();
        } catch (error) {
          app.log.warn(
            { err: error },
            'Sesiones: no todas las instancias confirmaron la revocación; la verán al llegarles el aviso',
          );
        }
      }),
    );

    const metricsToken = app.config.metricsToken;
    async function authenticate(request: FastifyRequest, access: Access) {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw unauthenticated();
      if (access === 'metrics' && metricsToken && sameSecret(token, metricsToken)) return;
      const session = await resolveSession(app.db, token, app.now(), cache);
      if (!session) throw unauthenticated();
      const role = session.user.role;
      if ((access === 'admin' || access === 'metrics') && role !== 'admin') throw forbidden();
      if (access === 'panel' && !isPanelRole(role)) throw forbidden();
      // A second factor required (MFA_REQUIRED or the panel's rule): a panel account without one can only
      // reach /api/me* (its own account and sessions: `session` routes), the TOTP setup (`mfaSetup`) and
      // logout, until it has one.
      if (
        (access === 'admin' || access === 'panel') &&
        !request.routeOptions.config.mfaSetup &&
        (await mfaRequirement.current()) &&
        !(await hasSecondFactor(app.database.db, session.user.id))
      ) {
        throw new HttpError(403, MFA_MSG.setupRequired, undefined, undefined, MFA_SETUP_REQUIRED);
      }
      request.auth = session;
    }
    /** One callback hook per access level (a callback: no promise of its own). */
    const check =
      (access: Access) => (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
        authenticate(request, access).then(() => done(), done);
      };
    const checks = Object.fromEntries(ACCESS_LEVELS.map((access) => [access, check(access)])) as Record<
      Access,
      ReturnType<typeof check>
    >;

    app.addHook('onRoute', (route: RouteOptions) => {
      const config = (route.config ?? {}) as NonNullable<RouteOptions['config']>;
      const isApi = route.url.startsWith('/api/') || route.url === '/api';
      const isDocsUi = route.url === '/api/docs' || route.url.startsWith('/api/docs/');
      if (!config.access) {
        if (isApi && !isDocsUi) {
          throw new Error(`La ruta ${String(route.method)} ${route.url} no declara config.access`);
        }
        route.config = { ...config, access: 'public', internal: true };
        return;
      }
      if (!ACCESS_LEVELS.includes(config.access)) {
        throw new Error(`La ruta ${route.url} declara un acceso desconocido: ${config.access}`);
      }
      // Reflected in the OpenAPI document: bearer security plus the access level itself.
      route.schema = {
        ...route.schema,
        security: config.access === 'public' ? [] : [{ bearerAuth: [] }],
        'x-access': config.access,
      } as RouteOptions['schema'];
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method !== 'HEAD')
          app.apiRoutes.push({ method, url: route.url, access: config.access, schema: route.schema });
      }
      // The one place where access is enforced: on the routes that are not public, first of their
      // own onRequest hooks. Public routes (health, sign-in, the panel's files) pay nothing.
      if (config.access !== 'public') addRouteHook(route, 'onRequest', checks[config.access]);
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

/** Compares two secrets in a time that does not depend on where they differ. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
