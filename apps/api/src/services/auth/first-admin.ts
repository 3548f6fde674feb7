import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { findUserIdByEmail, insertUser } from '../users/records.ts';

export const DEMO_ADMIN = {
  email: 'admin@demo.local',
  password: 'panel-demo-2026',
  name: 'Administrador Demo',
} as const;

export type FirstAdminOutcome = 'exists' | 'created' | 'created-demo' | 'missing';

/**
 * DECISIONS §2: if no admin exists, create one from ADMIN_EMAIL/ADMIN_PASSWORD; on the embedded
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
    log.warn(
      { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
      `Administrador de demostración creado: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}. ` +
        'Cambiá la contraseña o definí ADMIN_EMAIL y ADMIN_PASSWORD antes de usarlo en serio.',
    );
    return 'created-demo';
  }

  log.warn(
    'No hay ningún administrador y con DATABASE_URL no se crea uno por defecto. Creá uno con: ' +
      'npm run admin -- create-admin --email <email> --password <contraseña> --name "<nombre>" ' +
      '(o definí ADMIN_EMAIL y ADMIN_PASSWORD y reiniciá).',
  );
  return 'missing';
}
