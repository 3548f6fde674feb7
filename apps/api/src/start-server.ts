import pino from 'pino';
import { type App, buildApp } from './app.ts';
import { type AppConfig, ConfigError, loadConfig } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { acquireLock, type LockHandle, LockHeldError } from './db/lock-file.ts';
import { applyMigrations, withStartupLock } from './db/migrate.ts';
import { DEMO_MANAGER, DEMO_SELLER, seedDemoIfEmpty } from './demo/seed.ts';
import type { PushPluginOptions } from './plugins/push.ts';
import {
  assertSafeToListen,
  DEMO_ADMIN,
  ensureFirstAdmin,
  isLoopbackHost,
} from './services/auth/first-admin.ts';
import { setScryptParams, TEST_SCRYPT_PARAMS } from './services/auth/passwords.ts';
import { ensureBuiltInPointActions } from './services/points/built-in-actions.ts';
import { sweepOrphanObjects, sweepOrphanUploads } from './services/storage/sweep-orphans.ts';
import { bannerLines, publicDemoAccounts, readyRecord, type StartupFacts } from './startup-banner.ts';

/**
 * A first start leaves about 500 MB of garbage behind: PGlite's first-time initdb (its own WASM
 * instance and the data directory it hands over) and the demo seed's work. V8 frees it only at its
 * next full collection, which an idle server does not reach: measured 800 MB resident for as long as
 * it stayed idle, 395 MB after one collection. `npm start` runs the embedded server with
 * `--expose-gc` (scripts/lib/server-process.mjs) so it collects once here; elsewhere this does
 * nothing.
 */
function collectStartupGarbage() {
  (globalThis as { gc?: () => void }).gc?.();
}

/**
 * TEST_LOW_PASSWORD_COST=1 (the browser tests' server, e2e/playwright.config.ts): the passwords
 * hashed from now on use the API tests' low scrypt cost, about 1 ms instead of 0.3 s per hash. Hashes
 * carry their parameters, so a login checks each at the cost it was made with. A server that
 * other machines can reach never hashes at that cost: it is refused there (a ConfigError).
 */
export function applyPasswordCost(config: Pick<AppConfig, 'lowPasswordCost' | 'host'>): void {
  if (!config.lowPasswordCost) return;
  if (!isLoopbackHost(config.host)) {
    throw new ConfigError([
      `TEST_LOW_PASSWORD_COST: es solo para pruebas y se rechaza con HOST=${config.host}; ` +
        'un servidor accesible desde la red guarda las contraseñas con el costo completo',
    ]);
  }
  setScryptParams(TEST_SCRYPT_PARAMS);
}

/**
 * What only code can pass to a start (server.ts passes nothing). No setting or environment variable
 * maps to these: the reliability suite's launcher (scripts/reliability/push-instance.mjs) is the one
 * caller, so that instances in separate processes can reach its local push service.
 */
export interface StartOptions {
  push?: Pick<PushPluginOptions, 'localTestService'>;
}

/**
 * config → lock (PGlite) → database → migrations → first admin → seed → listen. The process's
 * environment is the configuration; SIGTERM and SIGINT stop it (and exit the process).
 */
export async function startServer({ push }: StartOptions = {}): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig(process.env);
    applyPasswordCost(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let lock: LockHandle | null = null;
  if (config.database.kind === 'pglite') {
    try {
      lock = acquireLock(config.dataDir);
    } catch (error) {
      if (error instanceof LockHeldError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }

  // A terminal gets readable lines and a banner; anything else (a pipe, a service manager) JSON lines.
  const pretty = process.stdout.isTTY === true;
  let db: Database;
  let app: App;
  try {
    db = await openDatabase(config.database);
    app = await buildApp({ config, db, logger: await loggerOptions(config.logLevel, pretty), push });
  } catch (error) {
    console.error(`No se pudo iniciar: ${(error as Error).message}`);
    lock?.release();
    process.exit(1);
  }
  const log = app.log;
  if (config.lowPasswordCost) {
    log.warn('TEST_LOW_PASSWORD_COST: las contraseñas nuevas se guardan con el costo bajo de las pruebas');
  }

  // Files stored by requests whose transaction never committed (a crash in between).
  const sweepUploads = async () => {
    const swept =
      config.storage.driver === 'local'
        ? await sweepOrphanUploads(db.db, config.storage.root, config.uploadOrphanGraceMs)
        : await sweepOrphanObjects(db.db, app.storage, config.uploadOrphanGraceMs);
    if (swept.removed + swept.temporary > 0) {
      log.warn(
        swept,
        `Se borraron ${swept.removed + swept.temporary} archivos subidos sin registro (interrumpidos)`,
      );
    }
  };

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'Cerrando el servidor…');
    const force = setTimeout(() => {
      log.error('El cierre tardó demasiado; se fuerza la salida');
      lock?.release();
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await db.close();
    } catch (error) {
      log.error({ err: error }, 'Error al cerrar');
    }
    lock?.release();
    log.info('Servidor detenido');
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  try {
    // What the banner sums up is logged at debug level on its own; the ready record (or, on a
    // terminal, the banner) carries it.
    log.debug(
      { database: config.database.kind, dataDir: config.dataDir },
      config.database.kind === 'pglite'
        ? `Base de datos embebida (PGlite) en ${config.database.dataDir}`
        : 'Base de datos PostgreSQL (DATABASE_URL)',
    );
    let migrations = { applied: 0, total: 0 };
    let seeded: StartupFacts['seeded'] = null;
    await withStartupLock(db, async () => {
      migrations = await applyMigrations(db);
      log.debug(
        migrations,
        `Migraciones al día (${migrations.applied} aplicadas ahora, ${migrations.total} en total)`,
      );
      const actions = await ensureBuiltInPointActions(db.db);
      if (actions > 0) log.debug({ created: actions }, 'Acciones de puntos predefinidas creadas');
      await ensureFirstAdmin(db.db, config, log);
      if (!config.seedDemo) return;
      const result = await seedDemoIfEmpty(db.db, new Date(), app.storage, config.timeZone);
      if (result.seeded) {
        seeded = { branches: result.branches ?? 0, sellers: result.sellers ?? 0 };
        log.debug(seeded, 'Datos de demostración cargados');
      }
    });
    await sweepUploads();
    collectStartupGarbage();
    await assertSafeToListen(db.db, config.host);
    // On a terminal the banner below says where it listens; Fastify's own line would repeat it.
    if (pretty) log.level = 'warn';
    await app.listen({
      port: config.port,
      host: config.host,
      listenTextResolver: (address) => `Servidor escuchando en ${address}`,
    });
    log.level = config.logLevel;
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    const facts: StartupFacts = {
      readyMs: Math.round(process.uptime() * 1000),
      origin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      migrations,
      seeded,
      demoAccounts: await publicDemoAccounts(db.db, [
        { ...DEMO_ADMIN, role: 'admin' },
        { email: DEMO_MANAGER.email, password: DEMO_MANAGER.password, role: 'branch_manager' },
        { ...DEMO_SELLER, role: 'seller' },
      ]),
    };
    if (pretty) process.stdout.write(`${bannerLines(config, facts).join('\n')}\n`);
    else {
      log.info(
        readyRecord(config, facts),
        `Listo en ${facts.readyMs} ms desde el inicio del proceso: ${facts.origin}/ (app de vendedores en /comunidad/)`,
      );
    }
  } catch (error) {
    log.fatal({ err: error }, 'No se pudo iniciar el servidor');
    await app.close().catch(() => {});
    await db.close().catch(() => {});
    lock?.release();
    process.exit(1);
  }
}

/**
 * JSON lines (pino) for machines; readable lines (pino-pretty, loaded only then) when stdout is a
 * terminal, such as `npm start` by hand: one line per record, an API answer as "GET /api/… 200 (3.1 ms)".
 * The JSON lines are written asynchronously: under load the lines that pile up while one write is
 * under way leave together in the next, instead of one blocking write per API answer (a sixth of the
 * CPU of a health check). pino flushes what is left when the process exits.
 */
async function loggerOptions(level: AppConfig['logLevel'], pretty: boolean) {
  // Lines are written in batches of 4 KB or every 100 ms, whichever comes first, instead of one write
  // per line: a write per answer was 4-6 % of the server's CPU under load (docs/performance.md). An exit,
  // SIGTERM included, writes what is left; a SIGKILL can lose the last 100 ms.
  if (!pretty) {
    return {
      level,
      stream: pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 100 }),
    };
  }
  const { default: prettyStream } = await import('pino-pretty');
  return {
    level,
    stream: prettyStream({
      colorize: true,
      singleLine: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId,method,url,status,ms',
      messageFormat: (record: Record<string, unknown>, messageKey: string) =>
        typeof record.method === 'string' && typeof record.url === 'string'
          ? `${record.method} ${record.url} ${record.status} (${record.ms} ms)`
          : String(record[messageKey] ?? ''),
    }),
  };
}
