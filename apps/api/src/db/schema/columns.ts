import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Every instant is stored as UTC `timestamptz` (DECISIONS §4) and read as a Date. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => tstz('created_at').notNull().defaultNow();
export const updatedAt = () => tstz('updated_at').notNull().defaultNow();

export const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();
