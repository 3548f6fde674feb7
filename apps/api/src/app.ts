import '@panel/shared';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
  type onResponseHookHandler,
  type RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { BODY_LIMIT_BYTES, clientErrorHandler, httpServerLimits } from './lib/limits.ts';
import { serializerCompiler } from './lib/response-serializer.ts';
import { auditPlugin } from './plugins/audit.ts';
import { authPlugin } from './plugins/auth.ts';
import { bodyParsersPlugin } from './plugins/body-parsers.ts';
import { dbPlugin } from './plugins/db.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { mailPlugin } from './plugins/mail.ts';
import { collectPutRoutes, methodOverrideRoutes } from './plugins/method-override.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { preconditionsPlugin } from './plugins/preconditions.ts';
import { type PushPluginOptions, pushPlugin } from './plugins/push.ts';
import { usePutAwareValidator } from './plugins/put-presence.ts';
import { type RateLimitPluginOptions, rateLimitPlugin } from './plugins/rate-limit.ts';
import { addRouteHook } from './plugins/route-hooks.ts';
import { securityPlugin } from './plugins/security.ts';
import { type SellerLimitsPluginOptions, sellerLimitsPlugin } from './plugins/seller-limits.ts';
import { staticCommunityPlugin } from './plugins/static-community.ts';
import { staticWebPlugin } from './plugins/static-web.ts';
import { type StoragePluginOptions, storagePlugin } from './plugins/storage.ts';
import { strictQueryPlugin } from './plugins/strict-query.ts';
import { appRoutes } from './routes/app/routes.ts';
import { auditRoutes } from './routes/audit/routes.ts';
import { authRoutes } from './routes/auth/routes.ts';
import { branchesRoutes } from './routes/branches/routes.ts';
import { catalogRoutes } from './routes/catalog/routes.ts';
import { dashboardRoutes } from './routes/dashboard/routes.ts';
import { engagementRoutes } from './routes/engagement/routes.ts';
import { eventTypesRoutes } from './routes/event-types/routes.ts';
import { eventsRoutes } from './routes/events/routes.ts';
import { filesRoutes } from './routes/files/routes.ts';
import { healthRoutes } from './routes/health/routes.ts';
import { metricsRoutes } from './routes/metrics/routes.ts';
import { notificationTypesRoutes } from './routes/notification-types/routes.ts';
import { notificationsRoutes } from './routes/notifications/routes.ts';
import { pointActionsRoutes } from './routes/point-actions/routes.ts';
import { pointsRoutes } from './routes/points/routes.ts';
import { postsRoutes } from './routes/posts/routes.ts';
import { scheduledRoutes } from './routes/scheduled/routes.ts';
import { settingsRoutes } from './routes/settings/routes.ts';
import { storiesRoutes } from './routes/stories/routes.ts';
import { surveysRoutes } from './routes/surveys/routes.ts';
import { targetsRoutes } from './routes/targets/routes.ts';
import { usersRoutes } from './routes/users/routes.ts';
import { EngagementReports } from './services/engagement/report-cache.ts';
import { setPointsTimeZone } from './services/points/award.ts';
import { syncPointTotalsZone } from './services/points/totals.ts';

export interface BuildAppOptions {
  config: AppConfig;
  /** Opened (and later closed) by the caller. */
  db: Database;
  logger?: FastifyServerOptions['logger'];
  /** Replaces the clock (tests). */
  now?: () => Date;
  rateLimit?: RateLimitPluginOptions;
  /** Per-account limits on the community app's writes (tests give their own key prefix). */
  sellerLimits?: SellerLimitsPluginOptions;
  /** Web Push worker and endpoint rules (tests turn the background worker off). */
  push?: PushPluginOptions;
  /** Replaces the configured file storage (tests). */
  storage?: StoragePluginOptions['storage'];
}

/** The API and the panel in one Fastify instance; tests drive it with `app.inject`. */
export async function buildApp({
  config,
  db,
  logger = false,
  now,
  rateLimit = {},
  sellerLimits = {},
  storage,
  push,
}: BuildAppOptions) {
  const app = Fastify({
    logger,
    trustProxy: trustProxyOption(config.trustProxy),
    // The limits (lib/limits.ts), stated in the OpenAPI document from the same constants.
    bodyLimit: BODY_LIMIT_BYTES,
    // Node's default head (16 KiB) answers a long query string with its own bare 431; with room for
    // 128 KiB the request reaches the app, whose schemas refuse it with a Spanish 400
    // (q: at most MAX_QUERY_TEXT characters). The whole request must arrive within the request
    // timeout (slow clients, slowloris): Node answers 408 through clientErrorHandler.
    http: httpServerLimits(config.requestTimeoutMs),
    requestTimeout: config.requestTimeoutMs,
    clientErrorHandler,
    // A path the router cannot decode (bad percent-encoding) gets a Spanish JSON 400.
    frameworkErrors,
    routerOptions: { ignoreTrailingSlash: true },
    // While closing, the errors plugin answers a Spanish 503 instead of Fastify's English one.
    return503OnClosing: false,
    // One line per API answer instead of two per request (logRequests below).
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  // Zod schemas validate; every PUT body also refuses required fields sent null or blank.
  usePutAwareValidator(app);
  // Compiled once per route from the zod response schemas (lib/response-serializer.ts).
  app.setSerializerCompiler(serializerCompiler);

  logRequests(app);
  if (config.trustProxy === true) {
    // Every X-Forwarded-For entry trusted: any client names its own address (issue 20, item 5).
    app.log.warn(
      'TRUST_PROXY=true confía en cualquier X-Forwarded-For: un cliente puede elegir su dirección, saltear ' +
        'los límites por dirección y falsear la dirección del registro de auditoría. Usá la dirección del ' +
        'balanceador (por ejemplo TRUST_PROXY=10.0.0.5) o la cantidad de proxies delante (TRUST_PROXY=1)',
    );
  }
  // Order matters: hooks that inspect routes (access, PUT collection, OpenAPI) come first.
  await app.register(errorsPlugin);
  await app.register(dbPlugin, { config, database: db, now });
  setPointsTimeZone(config.timeZone);
  // After the migrations (server.ts migrates between building and listening).
  app.addHook('onReady', async () => {
    await syncPointTotalsZone(db.db, config.timeZone);
  });
  await app.register(authPlugin);
  // If-Match and ETag on versioned records; before the audit plugin, whose transaction wraps the check.
  await app.register(preconditionsPlugin);
  // Every admin write runs in one audited transaction (before the routes, which it wraps).
  await app.register(auditPlugin);
  await app.register(storagePlugin, { storage });
  // Before push: its worker reports each job's outcome to the metrics.
  await app.register(metricsPlugin);
  await app.register(pushPlugin, push ?? {});
  await app.register(collectPutRoutes);
  await app.register(strictQueryPlugin);
  await app.register(securityPlugin);
  await app.register(bodyParsersPlugin);
  await app.register(rateLimitPlugin, rateLimit);
  await app.register(mailPlugin);
  await app.register(sellerLimitsPlugin, sellerLimits);
  await app.register(docsPlugin, { requestTimeoutMs: config.requestTimeoutMs });

  app.decorate('engagementReports', new EngagementReports());

  // Routes, one plugin per resource folder (routes/<resource>/routes.ts).
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(branchesRoutes);
  await app.register(dashboardRoutes);
  await app.register(engagementRoutes);
  await app.register(targetsRoutes);
  await app.register(catalogRoutes);
  await app.register(filesRoutes);
  await app.register(postsRoutes);
  await app.register(storiesRoutes);
  await app.register(notificationTypesRoutes);
  await app.register(notificationsRoutes);
  await app.register(eventTypesRoutes);
  await app.register(eventsRoutes);
  await app.register(scheduledRoutes);
  await app.register(pointActionsRoutes);
  await app.register(surveysRoutes);
  await app.register(pointsRoutes);
  await app.register(auditRoutes);
  await app.register(settingsRoutes);
  await app.register(metricsRoutes);
  // The community app's API (/api/app/*), for sellers.
  await app.register(appRoutes);

  await app.register(methodOverrideRoutes);
  await app.register(staticCommunityPlugin);
  await app.register(staticWebPlugin);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Fastify 5.12 reads a numeric trustProxy as "trust nothing" (a hop count cannot check who the peer
 * is), so a hop count is handed over as proxy-addr's own form: the first `hops` addresses from the
 * socket inwards are proxies. It is safe only when the instances are reachable through the balancer
 * alone (README); else name the balancer's address.
 */
function trustProxyOption(
  trust: AppConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/**
 * One log line per answered API call (method, URL, status, time). The panel's static files are
 * not logged unless they fail with a 5xx: a page load fetches dozens of them; nor are a probe's 2xx
 * answers (health: a load balancer asks every few seconds, and its failures are logged).
 *
 * Each route gets the hook of its kind from `onRoute` (docs/performance.md, "Cost per request"):
 * deciding per request read `reply.routeOptions`, which builds a new object on every call, and a
 * probe's 2xx paid for a hook that logged nothing. Callback hooks: no promise per request.
 */
function logRequests(app: FastifyInstance): void {
  const write = (request: FastifyRequest, status: number, elapsed: number) => {
    const line = { method: request.method, url: request.url, status, ms: Math.round(elapsed * 10) / 10 };
    if (status >= 500) request.log.error(line, 'respuesta con error');
    else request.log.info(line, 'respuesta');
  };
  /** What the route does not know (the panel's files, answers of no route): decided by the URL. */
  const byUrl = (request: FastifyRequest, reply: FastifyReply) => {
    const status = reply.statusCode;
    if (status >= 500 || request.url.startsWith('/api/')) write(request, status, reply.elapsedTime);
  };
  const apiAnswer: onResponseHookHandler = (request, reply, done) => {
    write(request, reply.statusCode, reply.elapsedTime);
    done();
  };
  const probeFailure: onResponseHookHandler = (request, reply, done) => {
    if (reply.statusCode >= 300) write(request, reply.statusCode, reply.elapsedTime);
    done();
  };
  const otherAnswer: onResponseHookHandler = (request, reply, done) => {
    byUrl(request, reply);
    done();
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const hook = !route.url.startsWith('/api/')
      ? otherAnswer
      : route.config?.probe
        ? probeFailure
        : apiAnswer;
    addRouteHook(route, 'onResponse', hook, false);
  });
  // The answers of no route (404s, and the router's own refusals).
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) byUrl(request, reply);
    done();
  });
}
