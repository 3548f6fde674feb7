import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { escapeLike, fetchPage, parseSort } from '../../lib/list-query.ts';

/**
 * A catalog table as the panel keeps it (Proveedores, Marcas): a code, one description column, and
 * the target units that point to its rows with RESTRICT.
 */
export interface CatalogTableSpec {
  table: 'suppliers' | 'brands';
  /** The description column: business_name for suppliers, name for brands. */
  descriptionKey: 'business_name' | 'name';
  /** The target units' column that points to this resource (deletes are refused while it does). */
  unitsColumn: 'supplier_id' | 'brand_id';
  notFound: string;
  inUse: string;
}

type Row = {
  id: number;
  code: string;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
} & Record<string, unknown>;

/** A create or update body: the code and the description column. */
export type CatalogBody = Record<string, string> & { code: string };

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/**
 * List, read, create, update and delete over one catalog table (services of routes/catalog/).
 * Raw SQL over the table's name, because both tables share every column but one.
 */
export function catalogStore(spec: CatalogTableSpec) {
  const table = sql.identifier(spec.table);
  const desc = sql.identifier(spec.descriptionKey);
  const columns = sql`id, code, ${desc}, created_at, updated_at, version`;
  // The record in the shape of ZSupplier or ZBrand, which the response serializer checks.
  const toDto = (row: Row) => ({
    id: Number(row.id),
    code: row.code,
    [spec.descriptionKey]: row[spec.descriptionKey] as string,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    version: Number(row.version),
  });
  const sortColumns: Record<string, SQL> = {
    code: sql`f_unaccent(lower(code))`,
    [spec.descriptionKey]: sql`f_unaccent(lower(${desc}))`,
    created_at: sql`created_at`,
  };

  return {
    /** One page, `q` on the code and the description (case and accents aside), sorted by the description by default. */
    async list(db: Db, query: { page: number; per_page: number; q?: string; sort?: string }) {
      let where = sql``;
      if (query.q) {
        const pattern = `%${escapeLike(query.q.toLowerCase())}%`;
        where = sql`WHERE f_unaccent(lower(code)) LIKE f_unaccent(${pattern})
            OR f_unaccent(lower(${desc})) LIKE f_unaccent(${pattern})`;
      }
      const sort = parseSort(query.sort, spec.descriptionKey);
      const direction = sort.desc ? sql`DESC` : sql`ASC`;
      const { rows, meta } = await fetchPage(
        query,
        ({ limit, offset }) =>
          queryRows<Row>(
            db,
            sql`SELECT ${columns} FROM ${table} ${where}
              ORDER BY ${sortColumns[sort.key]} ${direction}, f_unaccent(lower(${desc})), id ${direction}
              LIMIT ${limit} OFFSET ${offset}`,
          ),
        queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${table} ${where}`),
      );
      return { data: rows.map(toDto), meta };
    },

    /** One record; 404 when there is none. */
    async get(db: Db, id: number) {
      const [row] = await queryRows<Row>(db, sql`SELECT ${columns} FROM ${table} WHERE id = ${id}`);
      if (!row) throw notFound(spec.notFound);
      return toDto(row);
    },

    /** A duplicate code or name is the unique index's error (the route answers it 409). */
    async create(db: Db, body: CatalogBody) {
      const rows = await queryRows<Row>(
        db,
        sql`INSERT INTO ${table} (code, ${desc}) VALUES (${body.code}, ${body[spec.descriptionKey]})
              RETURNING ${columns}`,
      );
      return toDto(rows[0]!);
    },

    /** 404 when there is none; a duplicate code or name as in create. */
    async update(db: Db, id: number, body: CatalogBody, now: Date) {
      const rows = await queryRows<Row>(
        db,
        sql`UPDATE ${table} SET code = ${body.code}, ${desc} = ${body[spec.descriptionKey]},
                updated_at = ${now.toISOString()}::timestamptz
              WHERE id = ${id} RETURNING ${columns}`,
      );
      if (!rows[0]) throw notFound(spec.notFound);
      return toDto(rows[0]);
    },

    /** 404 when there is none, 409 while a target unit points to it; a foreign key error when one came meanwhile. */
    async remove(db: Db, id: number) {
      const [found] = await queryRows<{ id: number; used: boolean }>(
        db,
        sql`SELECT id, EXISTS (
              SELECT 1 FROM monthly_target_units WHERE ${sql.identifier(spec.unitsColumn)} = ${id}
            ) AS used FROM ${table} WHERE id = ${id}`,
      );
      if (!found) throw notFound(spec.notFound);
      if (found.used) throw conflict(spec.inUse);
      // The RESTRICT foreign keys are the backstop for units saved meanwhile (the route answers it 409).
      await db.execute(sql`DELETE FROM ${table} WHERE id = ${id}`);
    },
  };
}
