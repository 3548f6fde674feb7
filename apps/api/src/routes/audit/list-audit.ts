import {
  APP_MSG,
  AUDIT_MSG,
  makeListResponse,
  type TAuditEntry,
  type TRole,
  ZAuditEntry,
  ZAuditListQuery,
} from '@panel/shared';
import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLog } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/users.ts';
import { dayRange } from '../../lib/business-time.ts';
import { fieldError } from '../../lib/http-errors.ts';
import { decodeIdKeyset, encodeIdKeyset } from '../../lib/keyset.ts';
import { fetchPage, parseSort } from '../../lib/list-query.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { inBranchScope, scopeBranch } from '../../services/auth/branch-scope.ts';
import { errors } from '../schemas.ts';

export const listAuditRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/audit',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['auditoría'],
        summary: 'Auditoría: las escrituras de los administradores y los encargados',
        description:
          'Una fila por registro creado, modificado o borrado por un administrador o un encargado, escrita en la ' +
          'misma transacción: quién y con qué rol (`actor_id`, `actor_email`, `actor_role`), desde dónde (`ip`), qué operación (`route`, ' +
          '`request_id`), qué registro (`entity`, `entity_id`) y solo los campos cambiados (`changes`, ' +
          '`{campo: {before, after}}`; los secretos dicen "[oculto]"). Más nuevas primero. `from` y `to` son ' +
          'días (AAAA-MM-DD) inclusivos en APP_TIMEZONE. `sort`: `at`, `actor_email`, `entity` o `action`, con `-` ' +
          'delante para descendente (a igualdad, las más nuevas primero). Para páginas profundas en el orden por ' +
          'defecto, `cursor` = `meta.next_cursor`. Un encargado ve solo las filas de los registros de su sucursal.',
        querystring: ZAuditListQuery,
        response: { 200: makeListResponse(ZAuditEntry), ...errors(400, 401, 403) },
      },
      // `entity[]=` (a list, or an empty one) was dropped as unknown, and the answer was the whole
      // trail unfiltered: a filter sent as a list is refused, naming it (issue 28, item 10).
      preValidation: async (request) => {
        for (const key of Object.keys((request.query ?? {}) as object))
          if (key.endsWith('[]')) throw fieldError(key, AUDIT_MSG.listNotAccepted);
      },
    },
    async (request) => {
      const query = request.query;
      const { user } = requireAuth(request);
      // A manager's: the entries about their branch's records (audit_log.branch_id, audit_log_branch_idx).
      const conditions: SQL[] = [inBranchScope(user, sql`${auditLog.branchId}`)];
      // Someone else's address is theirs to know only for an administrator: a manager sees their own.
      const ip =
        scopeBranch(user) === null
          ? auditLog.ip
          : sql<string | null>`CASE WHEN ${auditLog.actorId} = ${user.id} THEN ${auditLog.ip} END`;
      if (query.actor_id !== undefined) conditions.push(eq(auditLog.actorId, query.actor_id));
      if (query.entity) conditions.push(eq(auditLog.entity, query.entity));
      if (query.entity_id !== undefined) conditions.push(eq(auditLog.entityId, query.entity_id));
      if (query.action) conditions.push(eq(auditLog.action, query.action));
      const range = dayRange(query.from, query.to, app.config.timeZone);
      if (range.from) conditions.push(gte(auditLog.at, range.from));
      if (range.to) conditions.push(lt(auditLog.at, range.to));
      const where = and(...conditions);
      const sort = parseSort(query.sort, 'at', true);
      const sortColumn = {
        at: auditLog.id,
        actor_email: auditLog.actorEmail,
        entity: auditLog.entity,
        action: auditLog.action,
      }[sort.key];
      // `at` is the transaction's time and `id` follows it: ordering by id keeps one order for rows of
      // one transaction, and the default (-at) walks the (…, id) indexes newest first.
      const orderBy =
        sort.key === 'at'
          ? [sort.desc ? desc(auditLog.id) : asc(auditLog.id)]
          : [sort.desc ? sql`${sortColumn} DESC NULLS LAST` : asc(sortColumn), desc(auditLog.id)];
      const keyset = sort.key === 'at' && sort.desc;
      let after: SQL | undefined;
      if (query.cursor) {
        const id = decodeIdKeyset(query.cursor);
        if (id === null) throw fieldError('cursor', APP_MSG.invalidCursor);
        after = lt(auditLog.id, id);
      }

      const { rows, meta } = await fetchPage(
        query,
        ({ limit, offset }) =>
          app.db
            .select({
              id: auditLog.id,
              at: auditLog.at,
              actor_id: auditLog.actorId,
              actor_email: auditLog.actorEmail,
              actor_name: users.name,
              // A text column the users' role check fills (plugins/audit.ts: the session's role).
              actor_role: sql<TRole | null>`${auditLog.actorRole}`,
              ip,
              request_id: auditLog.requestId,
              route: auditLog.route,
              action: auditLog.action,
              entity: auditLog.entity,
              entity_id: auditLog.entityId,
              changes: auditLog.changes,
              label: auditLog.label,
              cascade: auditLog.cascade,
            })
            .from(auditLog)
            .leftJoin(users, eq(users.id, auditLog.actorId))
            .where(and(where, after))
            .orderBy(...orderBy)
            .limit(limit + 1)
            .offset(query.cursor ? 0 : offset),
        app.db.select({ n: count() }).from(auditLog).where(where),
      );
      const page = rows.slice(0, query.per_page);
      const last = page.at(-1);
      return {
        data: page.map((row): TAuditEntry => ({ ...row, at: row.at.toISOString() })),
        meta: {
          ...meta,
          next_cursor: keyset && rows.length > query.per_page && last ? encodeIdKeyset(last.id) : null,
        },
      };
    },
  );
};
