import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

export const suppliers = pgTable(
  'suppliers',
  {
    id: id(),
    code: text('code').notNull(),
    businessName: text('business_name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('suppliers_code_key').on(t.code)],
);

export const brands = pgTable(
  'brands',
  {
    id: id(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('brands_code_key').on(t.code)],
);
