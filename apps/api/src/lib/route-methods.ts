/** The order methods are listed in an `Allow` header. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

interface KnownRoute {
  methods: string[];
  url: string;
}

/**
 * The methods each API path answers, for the `Allow` header of a 405 (RFC 9110 §15.5.6): the routes
 * are collected as they are registered, and matched against a request's path the way the router
 * matches them (`:param` is one segment, a trailing slash is ignored). Wildcard routes (the
 * static files) and the POST twins of PUT routes (plugins/method-override.ts, a PUT in disguise)
 * are left out; HEAD comes with GET, as Fastify exposes it.
 */
export class RouteMethods {
  private readonly routes: KnownRoute[] = [];
  private compiled: { pattern: RegExp; methods: string[] }[] | null = null;

  add(method: string | string[], url: string): void {
    if (url.includes('*')) return;
    this.routes.push({ methods: Array.isArray(method) ? method : [method], url });
    this.compiled = null;
  }

  /** The methods of `path` (no query string), in a stable order; empty when no route has it. */
  allowed(path: string): string[] {
    this.compiled ??= this.routes.map((route) => ({ pattern: patternOf(route.url), methods: route.methods }));
    const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const found = new Set<string>();
    for (const route of this.compiled) {
      if (!route.pattern.test(trimmed)) continue;
      for (const method of route.methods) found.add(method.toUpperCase());
    }
    if (found.has('GET')) found.add('HEAD');
    return [...found].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  }
}

function rank(method: string): number {
  const index = METHOD_ORDER.indexOf(method);
  return index === -1 ? METHOD_ORDER.length : index;
}

/** `/api/users/:id` as /^\/api\/users\/[^/]+$/; `:id.ics` keeps its static suffix. */
function patternOf(url: string): RegExp {
  const trimmed = url.length > 1 ? url.replace(/\/+$/, '') : url;
  const source = trimmed
    .split('/')
    .map((segment) =>
      segment
        .split(/(:[A-Za-z0-9_]+(?:\([^)]*\))?)/)
        .map((part) => (part.startsWith(':') ? '[^/]+?' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join(''),
    )
    .join('/');
  return new RegExp(`^${source}$`);
}
