import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { HttpMetrics } from './http-metrics.ts';

const BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const NAMES = { requests: 'panel_http_requests_total', duration: 'panel_http_request_duration_seconds' };
const HELP = { requests: 'Respuestas HTTP.', duration: 'Tiempo, en segundos.' };

describe('HttpMetrics', () => {
  it("writes exactly prom-client's text for the same answers", async () => {
    const ours = new Registry();
    const metrics = new HttpMetrics(NAMES, HELP, BOUNDS);
    for (const metric of metrics.metrics()) ours.registerMetric(metric as never);
    const theirs = new Registry();
    const requests = new Counter({
      name: NAMES.requests,
      help: HELP.requests,
      labelNames: ['method', 'route', 'status'],
      registers: [theirs],
    });
    const duration = new Histogram({
      name: NAMES.duration,
      help: HELP.duration,
      labelNames: ['method', 'route'],
      buckets: BOUNDS,
      registers: [theirs],
    });

    const recorders = new Map<string, ReturnType<HttpMetrics['recorderFor']>>();
    const answers: [string, string, number, number][] = [
      ['GET', '/api/health', 200, 0.0004],
      ['GET', '/api/users/:id', 200, 0.012],
      ['GET', '/api/health', 503, 0.005],
      ['HEAD', '/api/health', 200, 0.01],
      ['POST', '/api/users/:id', 400, 3],
      ['GET', '/api/users/:id', 200, 0.25],
      ['GET', 'sin ruta', 404, 12],
      ['GET', '/api/health', 200, 0],
    ];
    for (const [method, route, status, seconds] of answers) {
      if (!recorders.has(route)) recorders.set(route, metrics.recorderFor(route));
      recorders.get(route)?.(method, status, seconds);
      requests.inc({ method, route, status: String(status) });
      duration.observe({ method, route }, seconds);
    }
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain(
      'panel_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/health"} 3',
    );
    expect(text).toContain('panel_http_requests_total{method="GET",route="/api/users/:id",status="200"} 2');
  });

  it('finds a route registered twice (a PUT and its POST twin) in one series per method', async () => {
    const metrics = new HttpMetrics(NAMES, HELP, BOUNDS);
    metrics.recorderFor('/api/x')('PUT', 200, 0.1);
    metrics.recorderFor('/api/x')('POST', 200, 0.1);
    metrics.recorderFor('/api/x')('PUT', 200, 0.1);
    const registry = new Registry();
    for (const metric of metrics.metrics()) registry.registerMetric(metric as never);
    const text = await registry.metrics();
    expect(text).toContain('panel_http_requests_total{method="PUT",route="/api/x",status="200"} 2');
    expect(text).toContain('panel_http_requests_total{method="POST",route="/api/x",status="200"} 1');
  });
});
