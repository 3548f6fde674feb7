import { inArray } from 'drizzle-orm';
import type { AppConfig } from './config.ts';
import type { Db } from './db/client.ts';
import { users } from './db/schema/users.ts';
import { verifyPassword } from './services/auth/passwords.ts';

/** What the operator needs once the server is up (README, "Start"). */
export interface StartupFacts {
  readyMs: number;
  /** `http://host:port`, without a trailing slash. */
  origin: string;
  migrations: { applied: number; total: number };
  /** Demo data loaded by this start. */
  seeded: { branches: number; sellers: number } | null;
  /** Demo accounts that still sign in with the password the README publishes. */
  demoAccounts: { email: string; password: string; role: 'admin' | 'branch_manager' | 'seller' }[];
}

type DemoAccount = StartupFacts['demoAccounts'][number];

/** The demo accounts whose public password still works (none once they were changed or disabled). */
export async function publicDemoAccounts(db: Db, demo: readonly DemoAccount[]): Promise<DemoAccount[]> {
  const rows = await db
    .select({ email: users.email, hash: users.passwordHash, role: users.role, active: users.active })
    .from(users)
    .where(
      inArray(
        users.email,
        demo.map((a) => a.email),
      ),
    );
  const stillPublic = await Promise.all(
    demo.map(async (account) => {
      const row = rows.find((r) => r.email === account.email);
      return row?.active === true && row.role === account.role && verifyPassword(account.password, row.hash);
    }),
  );
  return demo.filter((_, i) => stillPublic[i]);
}

/** The database and where the data lives, in one line; a PostgreSQL URL without its password. */
function where(config: AppConfig): string {
  if (config.database.kind === 'pglite') {
    return `PGlite (embebida); datos, clave e imágenes en ${config.dataDir}`;
  }
  const url = new URL(config.database.url);
  const files =
    config.storage.driver === 's3'
      ? `s3://${config.storage.bucket}/${config.storage.prefix}`
      : config.storage.root;
  return `PostgreSQL en ${url.host}${url.pathname}; imágenes en ${files}`;
}

const seconds = (ms: number) => (ms / 1000).toLocaleString('es-AR', { maximumFractionDigits: 1 });
const ROLE = {
  admin: 'administrador, panel',
  branch_manager: 'encargada de sucursal, panel',
  seller: 'vendedor, app',
} as const;

/** The lines printed on a terminal once the server listens (eight on the demo's first start). */
export function bannerLines(config: AppConfig, facts: StartupFacts): string[] {
  const news = [
    facts.migrations.applied > 0 ? `${facts.migrations.applied} migraciones aplicadas` : null,
    facts.seeded
      ? `datos de demostración cargados (${facts.seeded.branches} sucursales, ${facts.seeded.sellers} vendedores)`
      : null,
  ].filter(Boolean);
  const lines = [
    `Panel de Administración listo en ${seconds(facts.readyMs)} s${news.length ? `: ${news.join(', ')}` : ''}.`,
    `  Panel               ${facts.origin}/`,
    `  App de vendedores   ${facts.origin}/comunidad/`,
    `  Base de datos       ${where(config)}`,
  ];
  if (facts.demoAccounts.length) {
    lines.push('  Cuentas de demostración (contraseñas públicas: cambialas antes de usarlo en serio)');
    const width = Math.max(...facts.demoAccounts.map((a) => `${a.email} / ${a.password}`.length));
    for (const a of facts.demoAccounts) {
      lines.push(`    ${`${a.email} / ${a.password}`.padEnd(width)}   (${ROLE[a.role]})`);
    }
  }
  lines.push('Ctrl+C para detener. Registro de solicitudes:');
  return lines;
}

/** The same facts as one JSON log record, for a log collector: no passwords. */
export function readyRecord(config: AppConfig, facts: StartupFacts) {
  return {
    readyMs: facts.readyMs,
    panelUrl: `${facts.origin}/`,
    communityUrl: `${facts.origin}/comunidad/`,
    database: config.database.kind,
    dataLocation: where(config),
    migrations: facts.migrations,
    ...(facts.seeded ? { seeded: facts.seeded } : {}),
    ...(facts.demoAccounts.length ? { demoAccounts: facts.demoAccounts.map((a) => a.email) } : {}),
  };
}
