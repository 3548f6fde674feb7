import { isPanelRole } from '@panel/shared';
import type { FastifyReply, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { currentAuditTransaction, runAudited } from '../db/audit-context.ts';
import { flushAudit } from '../services/audit/flush.ts';

/** Methods that write. A panel route with one of them is an administrator's write. */
export const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Routes that both sellers and administrators call (the community app's /api/app/*, and the
 * session's own routes): their writes are audited when the caller is an administrator (issue 20,
 * item 10), and run as before for a seller (sellers' writes are not audited, docs/product.md#audit-trail),
 * except the routes that say `config.auditEveryone` (ending sessions, issue 30): audited for everyone.
 */
const SHARED_ACCESS = new Set(['app', 'session']);

const audited = new WeakSet<RouteHandlerMethod>();

/** An answer of 400 or more: what the handler wrote is rolled back, the answer still goes out. */
class RefusedAnswer {
  constructor(readonly result: unknown) {}
}

/**
 * The audit trail's one mechanism (docs/decisions/2026-11-24-audit-trail.md): every route with
 * `config.access` `admin` or `panel` and a write method, and every write of a route sellers and
 * panel accounts share (`app`, `session`) when an administrator or branch manager calls it, runs its handler inside
 * `runAudited`, one
 * transaction naming the administrator, address, request id and operation, so the database's
 * triggers record every row it writes in that transaction, and `app.db` is that transaction.
 *
 * - Uploads are streamed to temporary files by the body parser, before the handler (and so
 *   before the transaction) starts.
 * - The answer is sent after the commit: a `reply.send` inside the handler is held until then,
 *   so a client never sees a success that did not commit.
 * - An answer of 400 or more rolls back whatever the handler wrote: a refused write leaves
 *   neither data nor audit rows.
 * - Before the commit, `flushAudit` turns the rows the triggers staged into entries: one per
 *   record the action chose, with what was removed or written along with it inside, each named
 *   (docs/decisions/2026-12-02-audit-one-entry-per-action.md).
 * Register before the routes.
 */
export const auditPlugin = fp(
  async (app) => {
    app.addHook('onRoute', (route: RouteOptions) => {
      const access = route.config?.access;
      const adminsOnly = access === 'admin' || access === 'panel';
      if (!adminsOnly && !SHARED_ACCESS.has(String(access))) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const write = methods.find((m) => (WRITE_METHODS as readonly string[]).includes(m));
      // The POST twin of a PUT (method-override.ts) reuses the PUT's audited handler and its name.
      if (!write || audited.has(route.handler)) return;
      const handler = route.handler;
      const operation = `${write} ${route.url}`;
      const everyone = adminsOnly || route.config?.auditEveryone === true;
      const auditedHandler = async function (this: unknown, request: FastifyRequest, reply: FastifyReply) {
        const auth = request.auth;
        if (!everyone && !isPanelRole(auth?.user.role ?? ''))
          return handler.call(this as never, request, reply);
        if (!auth) throw new Error(`${operation}: escritura auditada sin sesión`);
        // Until the commit, `send` only holds the payload, and the reply stops being a thenable
        // (Fastify's Reply.then waits for the answer to be written, which would never happen).
        let held: { payload: unknown } | undefined;
        shadow(reply, 'send', (payload?: unknown) => {
          held = { payload };
          return reply;
        });
        shadow(reply, 'then', undefined);
        let result: unknown;
        try {
          result = await runAudited(
            app.database.db,
            {
              userId: auth.user.id,
              email: auth.user.email,
              role: auth.user.role,
              ip: request.ip,
              requestId: String(request.id),
              route: operation,
            },
            async () => {
              const out = await handler.call(this as never, request, reply);
              if (reply.statusCode >= 400) throw new RefusedAnswer(out);
              // What the triggers staged becomes one entry per record the action chose.
              const tx = currentAuditTransaction();
              if (tx) await flushAudit(tx, app.database);
              return out;
            },
          );
        } catch (error) {
          if (!(error instanceof RefusedAnswer)) throw error;
          result = error.result;
        } finally {
          unshadow(reply, 'send');
          unshadow(reply, 'then');
        }
        if (held) return reply.send(held.payload);
        return result;
      } as RouteHandlerMethod;
      audited.add(auditedHandler);
      route.handler = auditedHandler;
    });
  },
  { name: 'audit', dependencies: ['db', 'auth'] },
);

/** Hides a Reply method behind an own property for the time of the handler. */
function shadow(reply: FastifyReply, name: 'send' | 'then', value: unknown): void {
  Object.defineProperty(reply, name, { value, configurable: true, writable: true });
}

function unshadow(reply: FastifyReply, name: 'send' | 'then'): void {
  delete (reply as unknown as Record<string, unknown>)[name];
}
