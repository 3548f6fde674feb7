import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';
import { users } from './users.ts';

/** One changed field of an audited row: its value before and after (null when absent). */
export type AuditChange = { before: unknown; after: unknown };

/**
 * Rows of one kind that went with an entry's record: removed or emptied with a deleted one (a post's
 * images, likes, comments), or written with a created or changed one, their values in `rows`.
 */
export type AuditCascade = {
  entity: string;
  action: 'create' | 'update' | 'delete';
  count: number;
  ids: number[];
  rows?: { id: number | null; changes: Record<string, AuditChange> }[];
};

/**
 * The audit trail (docs/product.md#audit-trail, ASVS V7; docs/decisions/2026-11-24-audit-trail.md): one
 * entry per record an administrator's write created, changed or deleted, with the rows removed along
 * with it counted in `cascade` and the record's name in `label`
 * (docs/decisions/2026-12-02-audit-one-entry-per-action.md). The `audit_row()` triggers stage the rows
 * (`audit_pending`) and `flushAudit` writes the entries, in the same transaction. Append-only: the
 * database refuses UPDATE, DELETE and TRUNCATE (migration 0012).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: tstz('at').notNull().defaultNow(),
    /** null for a write made without a signed-in administrator (none is recorded today). */
    actorId: integer('actor_id').references(() => users.id),
    /** The administrator's email when it happened (it may change later). */
    actorEmail: text('actor_email'),
    /**
     * The role the actor acted with ("admin", "branch_manager"); null on entries written before
     * 2026-12-05, all of them administrators' (issue 30, section 1).
     */
    actorRole: text('actor_role'),
    ip: text('ip'),
    requestId: text('request_id'),
    /** The API operation, "PUT /api/users/:id". */
    route: text('route'),
    action: text('action', { enum: ['create', 'update', 'delete'] }).notNull(),
    /** The table. */
    entity: text('entity').notNull(),
    entityId: bigint('entity_id', { mode: 'number' }),
    /** Changed fields only: {field: {before, after}}; secrets read "[oculto]". */
    changes: jsonb('changes').$type<Record<string, AuditChange>>().notNull(),
    /**
     * The record as a reader names it, written with the entry so it outlives the record:
     * "Publicación «Hola a todos…»", "Sucursal «Centro»" (issue 28, item 17). null on entries
     * written before 2026-12-02 (the screen shows "#id").
     */
    label: text('label'),
    /**
     * The rows removed (or emptied) with this record in the same action, or written with it when it
     * was created or changed (its images, its questions), per kind and operation:
     * `[{entity, action, count, ids, rows?}]`, `rows` holding the latter's changed fields; null when
     * nothing went with it (issue 28, item 17).
     */
    cascade: jsonb('cascade').$type<AuditCascade[]>(),
    /**
     * The branch the record belongs to when it was written (a post's, a person's, a seller's volume's),
     * null for the company's records: a branch manager's Auditoría lists its own branch's entries
     * (docs/product.md#branch-managers). No foreign key: the trail outlives a deleted branch.
     */
    branchId: integer('branch_id'),
  },
  (t) => [
    check('audit_log_action_check', sql`${t.action} in ('create', 'update', 'delete')`),
    index('audit_log_actor_id_idx').on(t.actorId, t.id),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.id),
    index('audit_log_at_idx').on(t.at),
    // The Auditoría screen's filters newest first: one kind of record, or one operation (2026-11-27).
    index('audit_log_entity_kind_idx').on(t.entity, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_branch_idx').on(t.branchId, t.id),
  ],
);

/**
 * What the `audit_row()` triggers capture during an administrator's transaction, before it is
 * written as entries (docs/decisions/2026-12-02-audit-one-entry-per-action.md): one row per row
 * written, with the row itself (secrets and generated columns left out) so the entry can be named.
 * `flushAudit` (services/audit/) turns them into `audit_log` entries, one per record the action
 * chose with what went with it, and deletes them, in the same transaction: outside one it is empty.
 */
export const auditPending = pgTable(
  'audit_pending',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    /** The writing transaction (txid_current()): a flush takes its own rows only. */
    xact: bigint('xact', { mode: 'number' }).notNull().default(sql`txid_current()`),
    action: text('action', { enum: ['create', 'update', 'delete'] }).notNull(),
    entity: text('entity').notNull(),
    entityId: bigint('entity_id', { mode: 'number' }),
    changes: jsonb('changes').$type<Record<string, AuditChange>>().notNull(),
    /** The row after the write (before it, for a delete), without secrets. */
    row: jsonb('row').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('audit_pending_xact_idx').on(t.xact, t.seq)],
);
