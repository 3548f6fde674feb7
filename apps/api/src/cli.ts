import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { MSG, ZUserCreate, ZUserUpdate } from '@panel/shared';
import { z } from 'zod';
import { type AppConfig, ConfigError, loadConfig } from './config.ts';
import { backupPglite, restorePglite } from './db/backup.ts';
import { type Database, openDatabase } from './db/client.ts';
import { acquireLock, type LockHandle, LockHeldError } from './db/lock-file.ts';
import { runMigrations } from './db/migrate.ts';
import { resetSecondFactors } from './services/auth/mfa.ts';
import { replacePassword } from './services/auth/password-change.ts';
import { hashPassword } from './services/auth/passwords.ts';
import { findUserIdByEmail, insertUser } from './services/users/records.ts';

const HELP = `Uso: npm run admin -- <comando> [opciones]

Comandos:
  create-admin   --email <email> --password <contraseña> [--name <nombre>]
                 Crea un administrador.
  reset-password --email <email> --password <contraseña>
                 Cambia la contraseña de un usuario y cierra todas sus sesiones y sus
                 enlaces para elegir contraseña.
  reset-mfa      --email <email>
                 Quita la verificación en dos pasos de una cuenta (su clave y sus códigos de
                 recuperación): vuelve a ingresar solo con su contraseña. Para el último
                 administrador, cuando perdió el teléfono y los códigos.
  backup <archivo>
                 Copia de seguridad de la base embebida (PGlite), la clave secreta y las
                 imágenes subidas de DATA_DIR en un .tar.gz.
  restore <archivo>
                 Reemplaza la base embebida, la clave y las imágenes por las de la copia. Lo
                 anterior queda en DATA_DIR/pre-restore-<fecha>/.
  help           Muestra esta ayuda.

Usa la misma configuración que el servidor (DATA_DIR o DATABASE_URL). Con la base embebida
el servidor tiene que estar detenido. Con PostgreSQL la copia se hace con pg_dump y
pg_restore (ver el README).`;

class CliError extends Error {}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    console.log(HELP);
    return command ? 0 : 1;
  }
  if (command === 'backup' || command === 'restore') return backupOrRestore(command, rest);
  if (command === 'reset-mfa') return resetMfa(rest);
  if (command !== 'create-admin' && command !== 'reset-password') {
    throw new CliError(`Comando desconocido: ${command}\n\n${HELP}`);
  }
  const { values } = parseArgs({
    args: rest,
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
    strict: true,
  });

  if (command === 'create-admin') {
    // Validated before touching the database, with the same schema as the panel's form.
    const input = validate(ZUserCreate, {
      name: values.name ?? 'Administrador',
      email: values.email ?? '',
      password: values.password ?? '',
      role: 'admin',
    });
    return withDatabase(async (database) => {
      if ((await findUserIdByEmail(database.db, input.email)) !== null) {
        throw new CliError(
          `${MSG.emailTaken}: ${input.email}. Para cambiarle la contraseña usá reset-password.`,
        );
      }
      await insertUser(database.db, input);
      console.log(`Administrador creado: ${input.email} (${input.name}).`);
      return 0;
    });
  }

  const { email, password } = validate(
    z.object({ email: ZUserUpdate.shape.email.unwrap(), password: ZUserUpdate.shape.password.unwrap() }),
    { email: values.email ?? '', password: values.password ?? '' },
  );
  return withDatabase(async (database) => {
    const id = await findUserIdByEmail(database.db, email);
    if (id === null) throw new CliError(`${MSG.userNotFound}: ${email}`);
    const passwordHash = await hashPassword(password);
    await database.db.transaction((tx) => replacePassword(tx, id, passwordHash, new Date()));
    console.log(
      `Contraseña actualizada para ${email}. Se cerraron todas sus sesiones y sus enlaces para elegir contraseña.`,
    );
    return 0;
  });
}

/** reset-mfa: the administrator's reset (POST /api/users/{id}/mfa/reset) without a session. */
async function resetMfa(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { email: { type: 'string' } }, strict: true });
  const { email } = validate(z.object({ email: ZUserUpdate.shape.email.unwrap() }), {
    email: values.email ?? '',
  });
  return withDatabase(async (database) => {
    const id = await findUserIdByEmail(database.db, email);
    if (id === null) throw new CliError(`${MSG.userNotFound}: ${email}`);
    const removed = await database.db.transaction((tx) => resetSecondFactors(tx, id));
    console.log(
      removed
        ? `Verificación en dos pasos quitada para ${email}: ingresa con su contraseña y puede activarla de nuevo en "Mi cuenta".`
        : `${email} no tenía la verificación en dos pasos activa. No se hizo ningún cambio.`,
    );
    return 0;
  });
}

async function backupOrRestore(command: 'backup' | 'restore', args: string[]): Promise<number> {
  const { positionals } = parseArgs({ args, options: {}, allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new CliError(`Uso: npm run admin -- ${command} <archivo>`);
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
  const config = readConfig();
  if (config.database.kind === 'postgres') {
    throw new CliError(
      'Con DATABASE_URL la copia de seguridad se hace con las herramientas de PostgreSQL:\n' +
        `  pg_dump --format=custom --file=panel.dump "$DATABASE_URL"\n` +
        `  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" panel.dump\n` +
        'Guardá también APP_SECRET y las imágenes (DATA_DIR/uploads o el bucket S3). Ver el README.',
    );
  }
  const paths = {
    dataDir: config.dataDir,
    pgliteDir: config.database.dataDir,
    uploadsDir: config.storage.driver === 'local' ? config.storage.root : null,
  };
  const lock = lockDataDir(config.dataDir);
  try {
    if (command === 'backup') {
      const manifest = await backupPglite(paths, file);
      const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
      console.log(
        `Copia de seguridad guardada en ${file}: ${Object.keys(manifest.tables).length} tablas, ${rows} filas, ` +
          `${manifest.uploads} archivos subidos${manifest.secret_key ? ', clave secreta' : ''}.`,
      );
      if (!paths.uploadsDir) {
        console.log(
          'Las imágenes están en S3 (STORAGE_DRIVER=s3) y no se incluyen: respaldá el bucket aparte.',
        );
      }
      console.log('El archivo contiene la clave secreta y los datos de todos: guardalo en un lugar seguro.');
      return 0;
    }
    const { manifest, previousDir, uploads, skipped } = await restorePglite(paths, file);
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    console.log(
      `Restaurada la copia del ${manifest.created_at}: ${Object.keys(manifest.tables).length} tablas, ${rows} filas, ` +
        `${uploads} archivos subidos.`,
    );
    if (skipped.length > 0) {
      console.log(`Se omitieron ${skipped.length} archivos de uploads/ que no se restauran:`);
      for (const { name, reason } of skipped) console.log(`  ${name}: ${reason}`);
    }
    if (previousDir)
      console.log(`Los datos anteriores quedaron en ${previousDir} (borralos cuando no los necesites).`);
    return 0;
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(
      `No se pudo ${command === 'backup' ? 'hacer la copia' : 'restaurar'}: ${(error as Error).message}`,
    );
  } finally {
    lock.release();
  }
}

function readConfig(): AppConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message);
    throw error;
  }
}

function lockDataDir(dataDir: string): LockHandle {
  try {
    return acquireLock(dataDir);
  } catch (error) {
    if (error instanceof LockHeldError) {
      throw new CliError(
        `El servidor está en ejecución (PID ${error.pid}) y tiene abierta la base de datos embebida ` +
          `en ${dataDir}. Detenelo y volvé a ejecutar el comando.`,
      );
    }
    throw error;
  }
}

async function withDatabase(work: (database: Database) => Promise<number>): Promise<number> {
  const config = readConfig();
  const lock = config.database.kind === 'pglite' ? lockDataDir(config.dataDir) : null;
  const database = await openDatabase(config.database);
  try {
    await runMigrations(database);
    return await work(database);
  } finally {
    await database.close();
    lock?.release();
  }
}

function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  --${i.path.join('.')}: ${i.message}`);
  throw new CliError(`Datos inválidos:\n${lines.join('\n')}`);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error instanceof CliError ? error.message : `Error: ${(error as Error).stack ?? error}`);
    process.exitCode = 1;
  },
);
