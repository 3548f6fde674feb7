import { CATALOG_MSG, MSG, TARGETS_MSG } from '@panel/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { brands, suppliers } from '../../db/schema/catalog.ts';
import { users } from '../../db/schema/users.ts';
import { fieldError } from '../../lib/http-errors.ts';
import { peopleInScope } from '../auth/branch-scope.ts';
import type { SessionUser } from '../auth/sessions.ts';

/**
 * Volumes and units belong to sellers (docs/product.md#sellers, #roles-and-access); anything else is a 400
 * on `user_id`. A branch manager does not find anyone but the sellers of their branch: the same 400 as a
 * person who does not exist.
 */
export async function assertSeller(
  db: Db | Tx,
  userId: number,
  actor: Pick<SessionUser, 'role' | 'branch_id'>,
): Promise<void> {
  const [user] = await db
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), peopleInScope(actor, sql`${users}`)));
  if (!user) throw fieldError('user_id', MSG.userNotFound);
  if (user.role !== 'seller') throw fieldError('user_id', TARGETS_MSG.userNotSeller);
}

/** The supplier and brand of a units request must exist (400 naming the field). */
export async function assertSupplierAndBrand(db: Db | Tx, supplierId: number, brandId: number) {
  const [[supplier], [brand]] = await Promise.all([
    db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, supplierId)),
    db.select({ id: brands.id }).from(brands).where(eq(brands.id, brandId)),
  ]);
  if (!supplier) throw fieldError('supplier_id', CATALOG_MSG.supplierNotFound);
  if (!brand) throw fieldError('brand_id', CATALOG_MSG.brandNotFound);
}
