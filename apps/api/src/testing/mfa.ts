import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { userTotp } from '../db/schema/users.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import { confirmTotp, startTotpSetup } from '../services/auth/mfa.ts';
import { totpCodeAt } from '../services/auth/totp.ts';

/**
 * Turns TOTP on for an account as "Activar" and a first code would at `at` (the code of that time
 * step is then used: a sign-in needs a later step's). Answers the key and the 10 recovery codes.
 */
export async function enableTotp(
  db: Db,
  box: SecretBox,
  user: { id: number; email: string },
  at: Date = new Date(),
): Promise<{ secret: string; recoveryCodes: string[]; totpId: number }> {
  const setup = await startTotpSetup(db, box, user);
  if (setup === 'enabled') throw new Error('TOTP is already on for this account');
  const codes = await db.transaction((tx) => confirmTotp(tx, box, user.id, totpCodeAt(setup.secret, at), at));
  if (!Array.isArray(codes)) throw new Error(`TOTP confirm failed: ${codes}`);
  const [row] = await db.select({ id: userTotp.id }).from(userTotp).where(eq(userTotp.userId, user.id));
  return { secret: setup.secret, recoveryCodes: codes, totpId: row!.id };
}
