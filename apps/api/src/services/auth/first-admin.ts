import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { findUserIdByEmail, insertUser } from '../users/records.ts';
import { verifyPassword } from './passwords.ts';

export const DEMO_ADMIN = {
  email: 'admin@demo.local',
  password: 'panel-demo-2026',
  name: 'Administrador Demo',
} as const;

export type FirstAdminOutcome = 'exists' | 'created' | 'created-demo' | 'missing';

/**
 * docs/product.md#sign-in-and-sessions: if no admin exists, create one from ADMIN_EMAIL/ADMIN_PASSWORD; on the embedded
 * database without them, the demo admin; with DATABASE_URL and without them, none (and say how).
 */
export async function ensureFirstAdmin(
  db: Db,
  config: AppConfig,
  log: FastifyBaseLogger,
): Promise<FirstAdminOutcome> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (admin) return 'exists';

  const { email, password, name } = config.admin;
  if (email && password) {
    if ((await findUserIdByEmail(db, email)) !== null) {
      log.error(
        { email },
        'ADMIN_EMAIL ya pertenece a un usuario que no es administrador; no se creó el primer administrador. ' +
          'Usá otro email o: npm run admin -- create-admin --email … --password …',
      );
      return 'missing';
    }
    await insertUser(db, { email, password, name: name ?? 'Administrador', role: 'admin' });
    log.info({ email }, 'Primer administrador creado desde ADMIN_EMAIL / ADMIN_PASSWORD');
    return 'created';
  }

  if (config.database.kind === 'pglite') {
    await insertUser(db, { ...DEMO_ADMIN, role: 'admin' });
    // The start-up banner lists the demo accounts (server.ts); no password goes into a log record.
    log.debug({ email: DEMO_ADMIN.email }, `Administrador de demostración creado: ${DEMO_ADMIN.email}`);
    return 'created-demo';
  }

  log.warn(
    'No hay ningún administrador y con DATABASE_URL no se crea uno por defecto. Creá uno con: ' +
      'npm run admin -- create-admin --email <email> --password <contraseña> --name "<nombre>" ' +
      '(o definí ADMIN_EMAIL y ADMIN_PASSWORD y reiniciá).',
  );
  return 'missing';
}

/** 127.0.0.0/8, ::1 and localhost: only this machine can connect. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/** An active administrator still signs in with the demo password printed in the README. */
export async function demoPasswordStillSet(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ hash: users.passwordHash, role: users.role, active: users.active })
    .from(users)
    .where(eq(users.email, DEMO_ADMIN.email))
    .limit(1);
  if (row?.role !== 'admin' || !row.active) return false;
  return verifyPassword(DEMO_ADMIN.password, row.hash);
}

export const DEMO_ON_NETWORK_REFUSED =
  `El administrador de demostración (${DEMO_ADMIN.email}) todavía tiene la contraseña publicada en el README, ` +
  'así que el servidor no escucha en la red (HOST no es local). Cambiala con ' +
  `npm run admin -- reset-password --email ${DEMO_ADMIN.email} --password <nueva>, ` +
  'o desactivá ese usuario, o dejá HOST=127.0.0.1.';

/** Refuses (throws) a listen on a non-loopback address while the demo password is still set. */
export async function assertSafeToListen(db: Db, host: string): Promise<void> {
  if (isLoopbackHost(host)) return;
  if (await demoPasswordStillSet(db)) throw new Error(DEMO_ON_NETWORK_REFUSED);
}
