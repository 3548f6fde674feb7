import { asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { containsText, fetchPage, parseSort, textSortKey } from '../../lib/list-query.ts';

/** The columns every type table has (event_types, notification_types). */
export type TypeTable = PgTable & {
  id: PgColumn;
  name: PgColumn;
  createdAt: PgColumn;
};

/**
 * A table of types, as the panel keeps them (Tipos de Eventos, Tipos de Notificación): a name, a colour
 * and the table's own fields, referenced with RESTRICT by the records of that type.
 */
export interface TypeTableSpec<T extends TypeTable, Row, Body> {
  table: T;
  /** The columns a route answers, and the record the API sends for them. */
  columns: Record<string, PgColumn>;
  toDto(row: Row): unknown;
  /** The stored fields of a create or update body. */
  values(body: Body): PgInsertValue<T> & PgUpdateSetSource<T>;
  /** The records of this type: a delete is refused while one exists. */
  usedBy: { table: PgTable; column: PgColumn };
  notFound: string;
  inUse: string;
  /** Run in the update's transaction after the row is written (event types move their events' reminders). */
  afterUpdate?: (tx: Tx, id: number, now: Date) => Promise<void>;
}

/** List, read, create, update and delete over one type table (the queries behind routes/resource-routes.ts for routes/types/). */
export function typeStore<T extends TypeTable, Row, Body>(spec: TypeTableSpec<T, Row, Body>) {
  const { table } = spec;
  const sortColumns = {
    name: textSortKey(table.name),
    created_at: sql`${table.createdAt}`,
  } satisfies Record<string, SQL>;
  const toDto = (row: unknown) => spec.toDto(row as Row);

  return {
    /** One page, `q` on the name (case and accents aside), sorted by `name` (default) or `created_at`. */
    async list(db: Db, query: { page: number; per_page: number; q?: string; sort?: string }) {
      const where = query.q ? containsText(table.name, query.q) : undefined;
      const sort = parseSort<keyof typeof sortColumns>(query.sort, 'name');
      const direction = sort.desc ? desc : asc;
      const { rows, meta } = await fetchPage(
        query,
        ({ limit, offset }) =>
          db
            .select(spec.columns)
            .from(table as PgTable)
            .where(where)
            .orderBy(direction(sortColumns[sort.key]), direction(table.id))
            .limit(limit)
            .offset(offset),
        db
          .select({ n: count() })
          .from(table as PgTable)
          .where(where),
      );
      return { data: rows.map(toDto), meta };
    },

    /** One type; 404 when there is none. */
    async get(db: Db, id: number) {
      const [row] = await db
        .select(spec.columns)
        .from(table as PgTable)
        .where(eq(table.id, id))
        .limit(1);
      if (!row) throw notFound(spec.notFound);
      return toDto(row);
    },

    async create(db: Db, body: Body) {
      const [row] = await db.insert(table).values(spec.values(body)).returning(spec.columns);
      return toDto(row!);
    },

    /** 404 when there is none. */
    async update(db: Db, id: number, body: Body, now: Date) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(table)
          .set(spec.values(body))
          .where(eq(table.id, id))
          .returning(spec.columns);
        if (!row) throw notFound(spec.notFound);
        await spec.afterUpdate?.(tx, id, now);
        return toDto(row);
      });
    },

    /** 404 when there is none, 409 while a record of the type exists; a foreign key error when one came meanwhile. */
    async remove(db: Db, id: number) {
      const [found] = await db
        .select({ id: table.id })
        .from(table as PgTable)
        .where(eq(table.id, id));
      if (!found) throw notFound(spec.notFound);
      const [used] = await db
        .select({ id: sql`1` })
        .from(spec.usedBy.table)
        .where(eq(spec.usedBy.column, id))
        .limit(1);
      if (used) throw conflict(spec.inUse);
      // The RESTRICT foreign key is the backstop for a record added meanwhile (the route answers it 409).
      await db.delete(table).where(eq(table.id, id));
    },
  };
}
