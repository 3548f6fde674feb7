import type { RouteOptions } from 'fastify';

type LifecycleHook =
  | 'onRequest'
  | 'preValidation'
  | 'preHandler'
  | 'onSend'
  | 'onResponse'
  | 'onRequestAbort';

/**
 * Adds a hook to one route (from a plugin's `onRoute`), so that only the routes that need the work
 * pay for it: a hook registered with `app.addHook` runs on every request, the health check and the
 * panel's files included (docs/performance.md, "Cost per request").
 *
 * `first`: before the route's own hooks of that kind, where an app-wide hook used to run. A hook
 * is added once: the POST twin of a PUT (plugins/method-override.ts) starts with the PUT's hooks,
 * and its own `onRoute` would otherwise add the same hook again. Pass the same function for the
 * same work (one per access level, one per limit), never a fresh closure per route.
 */
export function addRouteHook(route: RouteOptions, name: LifecycleHook, hook: unknown, first = true): void {
  const existing = route[name] as unknown;
  const own = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  const rest = own.filter((h) => h !== hook);
  route[name] = (first ? [hook, ...rest] : [...rest, hook]) as never;
}

/** Whether a route takes a body: Fastify parses none for GET and HEAD. */
export function takesBody(route: RouteOptions): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.some((m) => m !== 'GET' && m !== 'HEAD');
}
