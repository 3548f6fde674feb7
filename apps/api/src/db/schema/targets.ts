import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { brands, suppliers } from './catalog.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** A seller's money target for one month. */
export const monthlyVolumes = pgTable(
  'monthly_volumes',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    targetAmount: numeric('target_amount', { precision: 14, scale: 2 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('monthly_volumes_user_year_month_key').on(t.userId, t.year, t.month),
    check('monthly_volumes_month_check', sql`${t.month} between 1 and 12`),
    check('monthly_volumes_amount_check', sql`${t.targetAmount} >= 0`),
  ],
);

/** A seller's unit target for one supplier and brand in one month; null units = no target. */
export const monthlyTargetUnits = pgTable(
  'monthly_target_units',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // A supplier or brand that still carries targets cannot be deleted by accident.
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    units: integer('units'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('monthly_target_units_key').on(t.userId, t.supplierId, t.brandId, t.year, t.month),
    // Deleting a supplier or brand checks whether targets still use it.
    index('monthly_target_units_supplier_id_idx').on(t.supplierId),
    index('monthly_target_units_brand_id_idx').on(t.brandId),
    check('monthly_target_units_month_check', sql`${t.month} between 1 and 12`),
    check('monthly_target_units_units_check', sql`${t.units} >= 0`),
  ],
);
