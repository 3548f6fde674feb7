import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { endResetLinks } from './password-reset.ts';
import { verifyPassword } from './passwords.ts';
import { revokeUserSessions } from './sessions.ts';

/**
 * A new password for an account, in the caller's transaction: stores its hash, ends the account's
 * sessions (all but `keepSessionId`, the caller's own) and its open reset links. The administrator's
 * reset, the user's own change and the CLI's reset-password all go through here. Returns how many live
 * sessions ended.
 */
export async function replacePassword(
  tx: Tx,
  userId: number,
  passwordHash: string,
  now: Date,
  keepSessionId?: number,
): Promise<number> {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await endResetLinks(tx, userId, now);
  return revokeUserSessions(tx, userId, now, keepSessionId);
}

/** Whether `password` is the account's current one (false for an account that does not exist). */
export async function isCurrentPassword(db: Db, userId: number, password: string): Promise<boolean> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return Boolean(row) && (await verifyPassword(password, row!.passwordHash));
}
