import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt, version } from './columns.ts';

export const suppliers = pgTable(
  'suppliers',
  {
    id: id(),
    code: text('code').notNull(),
    businessName: text('business_name').notNull(),
    createdAt: createdAt(),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('suppliers_code_key').on(t.code),
    // One supplier per business name, whatever its case and accents (migration 0020; docs/product.md).
    uniqueIndex('suppliers_business_name_key').on(sql`f_unaccent(lower(${t.businessName}))`),
    // Accent- and case-insensitive search (`q`) and sorting, as in branches.
    index('suppliers_business_name_sort_idx').on(sql`f_unaccent(lower(${t.businessName}))`, t.id),
    index('suppliers_code_trgm_idx').using('gin', sql`f_unaccent(lower(${t.code})) gin_trgm_ops`),
    index('suppliers_business_name_trgm_idx').using(
      'gin',
      sql`f_unaccent(lower(${t.businessName})) gin_trgm_ops`,
    ),
  ],
);

export const brands = pgTable(
  'brands',
  {
    id: id(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('brands_code_key').on(t.code),
    // One brand per name, whatever its case and accents (migration 0020; docs/product.md).
    uniqueIndex('brands_name_key').on(sql`f_unaccent(lower(${t.name}))`),
    index('brands_name_sort_idx').on(sql`f_unaccent(lower(${t.name}))`, t.id),
    index('brands_code_trgm_idx').using('gin', sql`f_unaccent(lower(${t.code})) gin_trgm_ops`),
    index('brands_name_trgm_idx').using('gin', sql`f_unaccent(lower(${t.name})) gin_trgm_ops`),
  ],
);
