import { eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
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
 * The VAPID subject: VAPID_SUBJECT, else mailto: the oldest active administrator. Push services
 * use it to reach the sender; Apple's refuses a subject that is not a real mailto: or https:
 * address (403 BadJwtToken), so production should set VAPID_SUBJECT.
 */
export async function vapidSubject(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const [admin] = await queryRows<{ email: string }>(
    db,
    sql`SELECT email FROM users WHERE role = 'admin' AND active ORDER BY id LIMIT 1`,
  );
  return `mailto:${admin?.email ?? 'admin@localhost'}`;
}
