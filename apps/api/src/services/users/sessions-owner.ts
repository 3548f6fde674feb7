import { MSG } from '@panel/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { SessionUser } from '../auth/sessions.ts';

/**
 * The account whose sessions an administrator looks at or ends, or 404. The one place to add a
 * scope check when branch managers arrive (only their branch's sellers; 404 for the rest, so the
 * others' existence does not leak): today every administrator sees every account.
 */
export async function sessionsOwner(db: Db, _actor: SessionUser, userId: number): Promise<{ id: number }> {
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!owner) throw notFound(MSG.userNotFound);
  return owner;
}
