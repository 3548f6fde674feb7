import { eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { isRealMailto } from '../../config.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { appSettings } from '../../db/schema/push.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const SETTING_KEY = 'vapid';

/**
 * The Web Push VAPID key pair: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set, otherwise the pair
 * kept in app_settings, made on the first start. Several instances starting together agree on
 * one pair: the first insert wins and everyone reads it back.
 */
export async function ensureVapidKeys(
  db: Db,
  fromEnv: { publicKey?: string; privateKey?: string },
): Promise<VapidKeys & { source: 'env' | 'database' }> {
  if (fromEnv.publicKey && fromEnv.privateKey) {
    return { publicKey: fromEnv.publicKey, privateKey: fromEnv.privateKey, source: 'env' };
  }
  const read = async () => {
    const [row] = await db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, SETTING_KEY));
    return row?.value as VapidKeys | undefined;
  };
  let keys = await read();
  if (!keys) {
    const made = webpush.generateVAPIDKeys();
    await db
      .insert(appSettings)
      .values({ key: SETTING_KEY, value: { publicKey: made.publicKey, privateKey: made.privateKey } })
      .onConflictDoNothing();
    keys = await read();
  }
  return { publicKey: keys!.publicKey, privateKey: keys!.privateKey, source: 'database' };
}

/**
 * The subject when none is set and no administrator has a real address: a placeholder on
 * example.com (RFC 2606: nobody's mailbox, but a real, resolvable domain), which Apple's push
 * service accepts where it refuses `.local`, `.test`, `.invalid` or `localhost` (403 BadJwtToken).
 */
export const VAPID_SUBJECT_PLACEHOLDER = 'mailto:noreply@example.com';

export type VapidSubjectSource = 'env' | 'admin' | 'placeholder';

/**
 * The VAPID subject push services may use to reach the sender: VAPID_SUBJECT; else mailto: the
 * oldest active administrator whose email is a real address (the same rule VAPID_SUBJECT passes);
 * else VAPID_SUBJECT_PLACEHOLDER (the demo, whose administrator is admin@demo.local).
 */
export async function vapidSubject(
  db: Db,
  configured: string | undefined,
): Promise<{ subject: string; source: VapidSubjectSource }> {
  if (configured) return { subject: configured, source: 'env' };
  const admins = await queryRows<{ email: string }>(
    db,
    sql`SELECT email FROM users WHERE role = 'admin' AND active ORDER BY id LIMIT 50`,
  );
  const real = admins.find((admin) => isRealMailto(`mailto:${admin.email}`));
  return real
    ? { subject: `mailto:${real.email}`, source: 'admin' }
    : { subject: VAPID_SUBJECT_PLACEHOLDER, source: 'placeholder' };
}
