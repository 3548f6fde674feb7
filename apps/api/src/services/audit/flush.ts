import { AUDIT_ENTITIES, type TAuditEntity } from '@panel/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import type { AuditCascade, AuditChange } from '../../db/schema/audit.ts';
import { type AuditRecord, auditLabel, LABEL_REFERENCES } from './labels.ts';

/** One row the `audit_row()` trigger staged in `audit_pending` (migration 0021). */
interface StagedRow {
  seq: number;
  action: 'create' | 'update' | 'delete';
  entity: string;
  entity_id: number | null;
  changes: Record<string, AuditChange>;
  row: AuditRecord;
}

/** A single-column foreign key: `child.column` points to `parent.id`; `owned` when ON DELETE CASCADE. */
interface ForeignKey {
  child: string;
  column: string;
  parent: string;
  owned: boolean;
}

/** How many ids of one kind an entry's cascade lists (its count is always the whole). */
export const CASCADE_IDS_MAX = 100;

const AUDITED = new Set<string>(AUDIT_ENTITIES);

/** The schema's foreign keys, read once per database (they change only with a migration). */
const foreignKeysOf = new WeakMap<object, Promise<ForeignKey[]>>();

function foreignKeys(tx: Tx, key: object): Promise<ForeignKey[]> {
  let found = foreignKeysOf.get(key);
  if (!found) {
    found = queryRows<ForeignKey>(
      tx,
      sql`SELECT c.conrelid::regclass::text AS child, a.attname::text AS column, c.confrelid::regclass::text AS parent,
                 c.confdeltype = 'c' AS owned
            FROM pg_constraint c
            JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
           WHERE c.contype = 'f' AND cardinality(c.conkey) = 1
           ORDER BY c.conname`,
    );
    found.catch(() => foreignKeysOf.delete(key));
    foreignKeysOf.set(key, found);
  }
  return found;
}

/**
 * Writes the audit entries of the administrator's transaction `tx`, just before it commits
 * (docs/decisions/2026-12-02-audit-one-entry-per-action.md, issue 28 item 17): takes the rows the
 * `audit_row()` triggers staged in it, and writes one `audit_log` entry per record the action
 * chose. A row removed with another removed in the same transaction (a post's images, likes and
 * comments, deleted by the database's cascade or by the handler), or a reference emptied by that
 * removal, is no entry of its own: it is counted, with its id, in that record's `cascade`. So is a
 * row that belongs (ON DELETE CASCADE) to a record the action created or changed (a new post's
 * images, a survey's questions), with its changed fields kept in the group's `rows`. Every
 * entry carries its record's name (`label`), read from the row as written, so it outlives the record.
 * `dbKey` identifies the database for the cached foreign keys.
 */
export async function flushAudit(tx: Tx, dbKey: object): Promise<void> {
  const staged = (
    await queryRows<StagedRow>(
      tx,
      sql`DELETE FROM audit_pending WHERE xact = txid_current()
          RETURNING seq::float8 AS seq, action, entity, entity_id::float8 AS entity_id, changes, "row"`,
    )
  ).sort((a, b) => a.seq - b.seq);
  if (staged.length === 0) return;

  const parentIndex = await cascadeParents(tx, dbKey, staged);
  const rootOf = (i: number): number => {
    const seen = new Set<number>();
    let at = i;
    for (let up = parentIndex[at]; up !== undefined && !seen.has(up); up = parentIndex[at]) {
      seen.add(at);
      at = up;
    }
    return at;
  };
  const cascades = new Map<number, Map<string, AuditCascade>>();
  for (let i = 0; i < staged.length; i++) {
    const root = rootOf(i);
    if (root === i) continue;
    const row = staged[i]!;
    // Written with a created or changed record, the rows keep their values (nothing their own
    // entries showed is lost); removed with a deleted one, they are counted.
    const withValues = staged[root]!.action !== 'delete';
    const action = row.action;
    const groups = cascades.get(root) ?? new Map<string, AuditCascade>();
    cascades.set(root, groups);
    const key = `${row.entity}:${action}`;
    const group: AuditCascade = groups.get(key) ?? {
      entity: row.entity,
      action,
      count: 0,
      ids: [],
      ...(withValues ? { rows: [] } : {}),
    };
    groups.set(key, group);
    group.count += 1;
    if (row.entity_id !== null && group.ids.length < CASCADE_IDS_MAX) group.ids.push(row.entity_id);
    if (group.rows && group.rows.length < CASCADE_IDS_MAX)
      group.rows.push({ id: row.entity_id, changes: row.changes });
  }

  const roots = staged.flatMap((_, i) => (rootOf(i) === i ? [i] : []));
  const find = await recordFinder(
    tx,
    staged,
    roots.map((i) => staged[i]!),
  );
  const entries = roots.map((i) => {
    const row = staged[i]!;
    const groups = cascades.get(i);
    return {
      action: row.action,
      entity: row.entity,
      entity_id: row.entity_id,
      changes: row.changes,
      label: AUDITED.has(row.entity) ? auditLabel(row.entity as TAuditEntity, row.row, find) : null,
      cascade: groups ? [...groups.values()].map((g) => ({ ...g, ids: g.ids.sort((a, b) => a - b) })) : null,
      ...entryBranch(row),
    };
  });
  await tx.execute(sql`
    INSERT INTO audit_log (actor_id, actor_email, actor_role, ip, request_id, route, action, entity, entity_id, changes,
                           label, "cascade", branch_id)
    SELECT nullif(current_setting('app.actor_id', true), '')::integer,
           nullif(current_setting('app.actor_email', true), ''),
           nullif(current_setting('app.actor_role', true), ''),
           nullif(current_setting('app.ip', true), ''),
           nullif(current_setting('app.request_id', true), ''),
           nullif(current_setting('app.route', true), ''),
           e.v ->> 'action', e.v ->> 'entity', (e.v ->> 'entity_id')::bigint, e.v -> 'changes',
           e.v ->> 'label', nullif(e.v -> 'cascade', 'null'::jsonb),
           coalesce((e.v ->> 'branch_id')::integer,
                    (SELECT u.branch_id FROM users u WHERE u.id = (e.v ->> 'owner_id')::integer))
      FROM jsonb_array_elements(${JSON.stringify(entries)}::jsonb) WITH ORDINALITY AS e(v, n)
     ORDER BY e.n`);
}

/**
 * The branch an entry is about (docs/product.md#branch-managers: a manager's Auditoría): a record's own
 * `branch_id` (posts, people, events…), a branch's id, or for a person's record (a volume, a session) its
 * owner's branch, read by the INSERT; none for the company's records.
 */
function entryBranch(row: StagedRow): { branch_id?: number; owner_id?: number } {
  const record = (row.row ?? {}) as Record<string, unknown>;
  if (row.entity === 'branches' && typeof row.entity_id === 'number') return { branch_id: row.entity_id };
  if (typeof record.branch_id === 'number') return { branch_id: record.branch_id };
  if (typeof record.user_id === 'number') return { owner_id: record.user_id };
  return {};
}

/**
 * For each staged row that went with another (an index into `staged`), that other row:
 * - removed with it: a deleted row whose foreign key named a row deleted in the same transaction,
 *   or an updated row whose foreign key went from such a row to null (ON DELETE SET NULL);
 * - written with it: a row created, changed or deleted whose ON DELETE CASCADE foreign key (the
 *   row belongs to its parent) names a row created or changed earlier in the same transaction (a
 *   new post's images, the questions of a survey created or edited).
 */
async function cascadeParents(tx: Tx, dbKey: object, staged: StagedRow[]): Promise<(number | undefined)[]> {
  const deleted = new Map<string, number>();
  const written = new Map<string, number>();
  staged.forEach((row, i) => {
    if (row.entity_id === null) return;
    const key = `${row.entity}:${row.entity_id}`;
    if (row.action === 'delete') deleted.set(key, i);
    else if (!written.has(key)) written.set(key, i);
  });
  if (staged.length < 2) return [];
  const keys = await foreignKeys(tx, dbKey);
  return staged.map((row, i) => {
    for (const fk of keys) {
      if (fk.child !== row.entity || row.action === 'create') continue;
      let target: unknown;
      if (row.action === 'delete') target = row.row[fk.column];
      else {
        const change = row.changes[fk.column];
        if (!change || change.after !== null) continue;
        target = change.before;
      }
      if (target === null || target === undefined) continue;
      const parent = deleted.get(`${fk.parent}:${String(target)}`);
      if (parent !== undefined && parent !== i) return parent;
    }
    for (const fk of keys) {
      if (fk.child !== row.entity || !fk.owned) continue;
      const target = row.row[fk.column];
      if (target === null || target === undefined) continue;
      const parent = written.get(`${fk.parent}:${String(target)}`);
      if (parent !== undefined && parent < i) return parent;
    }
    return undefined;
  });
}

/**
 * Finds the rows the entries' names mention: the newest staged version of a row first (a record
 * deleted in this transaction is found there), then the database, read in one query per kind.
 */
async function recordFinder(
  tx: Tx,
  staged: StagedRow[],
  roots: StagedRow[],
): Promise<(entity: TAuditEntity, id: unknown) => AuditRecord | undefined> {
  const known = new Map<string, AuditRecord>();
  for (const row of staged) known.set(`${row.entity}:${String(row.entity_id)}`, row.row);
  const wanted = new Map<TAuditEntity, Set<number>>();
  for (const row of roots) {
    for (const [column, entity] of LABEL_REFERENCES[row.entity as TAuditEntity] ?? []) {
      const id = Number(row.row[column]);
      if (!Number.isSafeInteger(id) || known.has(`${entity}:${id}`)) continue;
      const ids = wanted.get(entity) ?? new Set<number>();
      wanted.set(entity, ids);
      ids.add(id);
    }
  }
  for (const [entity, ids] of wanted) {
    // Only the names are read; secrets stay out of the process.
    const rows = await queryRows<{ row: AuditRecord }>(
      tx,
      sql`SELECT to_jsonb(t) - 'password_hash' - 'connection_string_enc' AS "row"
            FROM ${sql.identifier(entity)} t
           WHERE t.id IN (${sql.join(
             [...ids].map((id) => sql`${id}`),
             sql`, `,
           )})`,
    );
    for (const { row } of rows) known.set(`${entity}:${String(row.id)}`, row);
  }
  return (entity, id) => known.get(`${entity}:${String(id)}`);
}
