import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { queryRows } from '../db/client.ts';
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

    const requests = new Counter({
      name: 'panel_http_requests_total',
      help: 'Respuestas HTTP por método, plantilla de ruta y código de estado.',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'panel_http_request_duration_seconds',
      help: 'Tiempo desde que llega la solicitud hasta que se envía la respuesta, en segundos.',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
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

    const count = (method: string, route: string, status: number, seconds: number) => {
      requests.inc({ method, route, status: String(status) });
      duration.observe({ method, route }, seconds);
      if (status === 429 && isLoginRoute(route)) loginRefusals.inc({ route });
    };
    // Each route counts its own answers under the template it knows (docs/performance.md, "Cost per
    // request": reading `request.routeOptions` builds a new object on every call). Callback hooks,
    // not async ones: no promise per request.
    app.addHook('onRoute', (route: RouteOptions) => {
      const url = route.url;
      addRouteHook(
        route,
        'onResponse',
        (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
          count(request.method, url, reply.statusCode, reply.elapsedTime / 1000);
          done();
        },
        false,
      );
    });
    // The answers of no route (404s, and the router's own refusals) share one label value.
    app.addHook('onResponse', (request, reply, done) => {
      if (request.is404) count(request.method, UNMATCHED, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });

    app.decorate('metrics', {
      registry,
      pushOutcome: (outcome: PushJobOutcome) => pushJobs.inc({ outcome }),
    });
  },
  { name: 'metrics', dependencies: ['db'] },
);
