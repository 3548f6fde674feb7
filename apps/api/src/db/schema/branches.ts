import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt, version } from './columns.ts';

export const branches = pgTable(
  'branches',
  {
    id: id(),
    name: text('name').notNull(),
    city: text('city'),
    address: text('address'),
    /** AES-256-GCM ciphertext (lib/secret-box.ts); the plain text is never stored nor returned. */
    connectionStringEnc: text('connection_string_enc'),
    createdAt: createdAt(),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // f_unaccent(lower(...)) is an IMMUTABLE wrapper created by the first migration: sorting and
    // searching ignore case and accents on PGlite and PostgreSQL alike (both use the C collation).
    // One branch per name, whatever its case and accents (migration 0020; docs/product.md).
    uniqueIndex('branches_name_key').on(sql`f_unaccent(lower(${t.name}))`),
    index('branches_name_sort_idx').on(sql`f_unaccent(lower(${t.name}))`, t.id),
    index('branches_city_idx').on(t.city),
    index('branches_name_trgm_idx').using('gin', sql`f_unaccent(lower(${t.name})) gin_trgm_ops`),
    index('branches_city_trgm_idx').using('gin', sql`f_unaccent(lower(${t.city})) gin_trgm_ops`),
    index('branches_address_trgm_idx').using('gin', sql`f_unaccent(lower(${t.address})) gin_trgm_ops`),
  ],
);
