import { sql } from 'drizzle-orm';
import type { onResponseHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { queryRows } from '../db/client.ts';
import { HttpMetrics } from '../lib/http-metrics.ts';
import { addRouteHook } from './route-hooks.ts';

/** What the push worker reports per job it handled (services/push/queue.ts, DrainResult's keys). */
export type PushJobOutcome = 'sent' | 'gone' | 'retried' | 'failed';

export interface AppMetrics {
  /** Prometheus text of every metric below (GET /api/metrics). */
  registry: Registry;
  /** One push job handled by the worker; the push queue calls it (PushQueueOptions.onOutcome). */
  pushOutcome(outcome: PushJobOutcome): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** Requests without a route (404s) share one label value, so a scanner cannot mint series. */
const UNMATCHED = 'sin ruta';
/** Sign-in routes: their 429s are the login throttle's refusals (services/auth/login-throttle.ts). */
const isLoginRoute = (route: string) => /\/login$/.test(route);

/**
 * Metrics in the Prometheus text format, one registry per app (tests build many apps in one process).
 * Labels carry only bounded values: route templates (`/api/users/:id`, never an id), methods, status
 * codes and fixed outcome names; never a user, an email or a URL as requested.
 * - panel_http_requests_total{method,route,status} and panel_http_request_duration_seconds{method,route};
 * - the database: the pool's connections and waiting clients (PostgreSQL), or the operations waiting for
 *   the embedded database's single connection (PGlite);
 * - the push queue's pending jobs (due now / later), read from push_jobs at scrape time, and the worker's
 *   jobs by outcome;
 * - panel_login_throttle_refusals_total: 429 answers of the sign-in routes;
 * - prom-client's process and Node.js metrics (CPU, memory, event loop lag, GC, handles).
 */
export const metricsPlugin = fp(
  async (app) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    // Gauges that prom-client names like counters (promtool: "non-counter metrics should not have
    // _total suffix"); the process metrics that matter (CPU, memory, heap, GC, event loop lag, open
    // file descriptors) stay.
    for (const name of [
      'nodejs_active_handles_total',
      'nodejs_active_requests_total',
      'nodejs_active_resources_total',
    ])
      registry.removeSingleMetric(name);

    // The answers' count and duration, per route (lib/http-metrics.ts: no labels hashed per answer).
    const http = new HttpMetrics(
      { requests: 'panel_http_requests_total', duration: 'panel_http_request_duration_seconds' },
      {
        requests: 'Respuestas HTTP por método, plantilla de ruta y código de estado.',
        duration: 'Tiempo desde que llega la solicitud hasta que se envía la respuesta, en segundos.',
      },
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    );
    for (const metric of http.metrics()) registry.registerMetric(metric as never);
    const loginRefusals = new Counter({
      name: 'panel_login_throttle_refusals_total',
      help: 'Intentos de inicio de sesión rechazados por el límite de intentos (429).',
      labelNames: ['route'] as const,
      registers: [registry],
    });
    const pushJobs = new Counter({
      name: 'panel_push_jobs_total',
      help: 'Trabajos de push terminados por el envío, por resultado: sent, gone (suscripción vencida), retried, failed.',
      labelNames: ['outcome'] as const,
      registers: [registry],
    });

    const database = app.database;
    if (database.kind === 'postgres') {
      const { pool } = database;
      new Gauge({
        name: 'panel_db_pool_connections',
        help: 'Conexiones del pool a PostgreSQL, en uso o libres.',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
          this.set({ state: 'idle' }, pool.idleCount);
        },
      });
      new Gauge({
        name: 'panel_db_pool_max_connections',
        help: 'Tamaño máximo del pool a PostgreSQL.',
        registers: [registry],
        collect() {
          this.set(pool.options.max ?? 10);
        },
      });
      new Gauge({
        name: 'panel_db_pool_waiting_clients',
        help: 'Pedidos esperando una conexión libre del pool.',
        registers: [registry],
        collect() {
          this.set(pool.waitingCount);
        },
      });
    } else {
      new Gauge({
        name: 'panel_db_pglite_pending_operations',
        help: 'Consultas y transacciones entregadas a la base embebida sin terminar (corre una; el resto espera).',
        registers: [registry],
        collect() {
          this.set(database.pending());
        },
      });
    }

    new Gauge({
      name: 'panel_push_queue_jobs',
      help: 'Trabajos de push pendientes: due (vencidos, a enviar ya) o later (programados, reintentos o en curso).',
      labelNames: ['state'] as const,
      registers: [registry],
      async collect() {
        try {
          const [row] = await queryRows<{ due: number; later: number }>(
            app.database.db,
            sql`SELECT count(*) FILTER (WHERE run_at <= ${app.now().toISOString()}::timestamptz)::int AS due,
                count(*) FILTER (WHERE run_at > ${app.now().toISOString()}::timestamptz)::int AS later
              FROM push_jobs WHERE status = 'pending'`,
          );
          this.set({ state: 'due' }, row?.due ?? 0);
          this.set({ state: 'later' }, row?.later ?? 0);
        } catch (error) {
          // A scrape during a database outage still returns the other metrics.
          app.log.debug({ err: error }, 'métricas: no se pudo contar la cola de push');
        }
      },
    });

    // Each route counts its own answers under the template it knows (docs/performance.md, "Cost per
    // request": reading `request.routeOptions` builds a new object on every call). One hook per
    // template: a PUT's POST twin starts with the PUT's hooks (addRouteHook adds a hook once).
    // Callback hooks, not async ones: no promise per request.
    const hooks = new Map<string, onResponseHookHandler>();
    const hookFor = (route: string): onResponseHookHandler => {
      let hook = hooks.get(route);
      if (!hook) {
        const record = http.recorderFor(route);
        const login = isLoginRoute(route);
        hook = (request, reply, done) => {
          const status = reply.statusCode;
          record(request.method, status, reply.elapsedTime / 1000);
          if (status === 429 && login) loginRefusals.inc({ route });
          done();
        };
        hooks.set(route, hook);
      }
      return hook;
    };
    app.addHook('onRoute', (route: RouteOptions) =>
      addRouteHook(route, 'onResponse', hookFor(route.url), false),
    );
    // The answers of no route (404s, and the router's own refusals) share one label value.
    const unmatched = http.recorderFor(UNMATCHED);
    app.addHook('onResponse', (request, reply, done) => {
      if (request.is404) unmatched(request.method, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });

    app.decorate('metrics', {
      registry,
      pushOutcome: (outcome: PushJobOutcome) => pushJobs.inc({ outcome }),
    });
  },
  { name: 'metrics', dependencies: ['db'] },
);
