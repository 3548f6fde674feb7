import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Every instant is stored as UTC `timestamptz` (docs/product.md#time) and read as a Date. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => tstz('created_at').notNull().defaultNow();
export const updatedAt = () => tstz('updated_at').notNull().defaultNow();

export const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

/**
 * The version of a record the panel edits (docs/decisions/2026-11-26-record-versions.md): 1 when
 * created, raised by the database's `row_version` trigger on every update that changes the row.
 * Answers carry it (`version`, and the `ETag` of one record); a write with `If-Match` is refused
 * with 412 when it names another.
 */
export const version = () => integer('version').notNull().default(1);
