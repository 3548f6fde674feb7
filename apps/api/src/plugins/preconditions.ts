import { MSG } from '@panel/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { queryRows } from '../db/client.ts';
import { HttpError } from '../lib/http-errors.ts';
import { entityTag, evaluateIfMatch, parseIfMatch } from '../lib/preconditions.ts';
import { WRITE_METHODS } from './audit.ts';

/** The tables whose rows carry a version (migration 0015, docs/decisions/2026-11-26-record-versions.md). */
export const VERSIONED_TABLES = [
  'branches',
  'users',
  'suppliers',
  'brands',
  'notification_types',
  'notifications',
  'event_types',
  'events',
  'point_actions',
  'surveys',
] as const;
export type VersionedTable = (typeof VERSIONED_TABLES)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The versioned record at `/:id` this route reads or edits: its answer carries the record's
     * `ETag`, and a write with `If-Match` naming another version is refused with 412.
     */
    versioned?: VersionedTable;
    /**
     * On a `panel` route: the rows of `versioned` the caller may reach (inBranchScope on its bare columns,
     * services/auth/branch-scope.ts). A record out of a branch manager's reach is then not checked, so a
     * stale `If-Match` on it still answers the handler's 404, not a 412 that would show it exists.
     */
    versionScope?: (request: FastifyRequest) => SQL;
  }
}

/**
 * RFC 9110 conditional requests for the records the panel edits (issue 20, item 13):
 * - every answer of one such record (GET, PUT, PATCH, and the POST twin of a PUT) carries `ETag: "<version>"`;
 * - a write with `If-Match` is checked against the record's version inside the write's own
 *   transaction, with the row locked (`SELECT … FOR UPDATE`) until it commits, so two saves from
 *   the same version cannot both pass: the second waits and then sees the new version (412);
 * - without `If-Match` the write goes through as before (the spec's calls keep working);
 * - a missing record stays a 404 (RFC 9110 §13.2.1: preconditions are ignored when the answer
 *   would not be 2xx or 412 without them).
 *
 * - every method checks it (RFC 9110 §13.1.1), DELETE as well as PUT and PATCH (issue 28, item 4):
 *   a write to the URL of a versioned record that does not declare `versioned` stops the start.
 *
 * Register before the audit plugin: its `onRoute` wraps the handler first, so the audit plugin's
 * transaction wraps this check too.
 */
export const preconditionsPlugin = fp(
  async (app) => {
    const versionedUrls = new Set<string>();
    const plainWrites: string[] = [];
    app.addHook('onReady', async () => {
      const missing = plainWrites.filter((w) => versionedUrls.has(w.slice(w.indexOf(' ') + 1)));
      if (missing.length > 0) {
        throw new Error(`${missing.join(', ')}: escritura de un registro con versión sin config.versioned`);
      }
    });
    app.addHook('onRoute', (route: RouteOptions) => {
      const table = route.config?.versioned;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const write = methods.some((m) => (WRITE_METHODS as readonly string[]).includes(m));
      // The POST twin of a PUT (method-override.ts) runs the PUT's handler, already wrapped.
      if (route.config?.methodOverrideOf) return;
      if (!table) {
        if (write) plainWrites.push(`${methods.join(',')} ${route.url}`);
        return;
      }
      versionedUrls.add(route.url);
      if (!(VERSIONED_TABLES as readonly string[]).includes(table)) {
        throw new Error(`${route.url}: config.versioned no es una tabla con versión: ${table}`);
      }
      if (!route.url.includes('/:id')) throw new Error(`${route.url}: config.versioned necesita un :id`);
      // The check needs the audited transaction that every panel write (an administrator's or a branch
      // manager's) runs in (plugins/audit.ts).
      const access = route.config?.access;
      if (write && access !== 'admin' && access !== 'panel') {
        throw new Error(`${route.url}: una escritura con versión debe ser del panel (admin o panel)`);
      }
      const handler = route.handler;
      const versionOf = sql`SELECT version FROM ${sql.identifier(table)} WHERE id = `;
      const versionScope = route.config?.versionScope;
      route.handler = async function (this: unknown, request: FastifyRequest, reply: FastifyReply) {
        if (write) {
          const condition = parseIfMatch(request.headers['if-match']);
          if (condition === 'invalid') throw new HttpError(400, MSG.ifMatchInvalid);
          if (condition) {
            const id = (request.params as { id: number }).id;
            const reach = versionScope ? sql` AND ${versionScope(request)}` : sql``;
            const [row] = await queryRows<{ version: number }>(
              app.db,
              sql`${versionOf}${id}${reach} FOR UPDATE`,
            );
            if (row && !evaluateIfMatch(condition, row.version)) {
              throw new HttpError(412, MSG.staleRecord, undefined, { etag: entityTag(row.version) });
            }
          }
        }
        const out = await handler.call(this as never, request, reply);
        const version = (out as { data?: { version?: unknown } } | undefined)?.data?.version;
        if (typeof version === 'number') reply.header('etag', entityTag(version));
        return out;
      } as RouteHandlerMethod;
    });
  },
  { name: 'preconditions', dependencies: ['db'] },
);
