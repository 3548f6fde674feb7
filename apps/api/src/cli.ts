import { parseArgs } from 'node:util';
import { MSG, ZUserCreate, ZUserUpdate } from '@panel/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ConfigError, loadConfig } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { acquireLock, type LockHandle, LockHeldError } from './db/lock-file.ts';
import { runMigrations } from './db/migrate.ts';
import { users } from './db/schema/users.ts';
import { hashPassword } from './services/auth/passwords.ts';
import { revokeUserSessions } from './services/auth/sessions.ts';
import { findUserIdByEmail, insertUser } from './services/users/records.ts';

const HELP = `Uso: npm run admin -- <comando> [opciones]

Comandos:
  create-admin   --email <email> --password <contraseña> [--name <nombre>]
                 Crea un administrador.
  reset-password --email <email> --password <contraseña>
                 Cambia la contraseña de un usuario y cierra todas sus sesiones.
  help           Muestra esta ayuda.

Usa la misma configuración que el servidor (DATA_DIR o DATABASE_URL). Con la base embebida
el servidor tiene que estar detenido.`;

class CliError extends Error {}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    console.log(HELP);
    return command ? 0 : 1;
  }
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
    await database.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, id));
      await revokeUserSessions(tx, id, new Date());
    });
    console.log(`Contraseña actualizada para ${email}. Se cerraron todas sus sesiones.`);
    return 0;
  });
}

async function withDatabase(work: (database: Database) => Promise<number>): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message);
    throw error;
  }
  let lock: LockHandle | null = null;
  if (config.database.kind === 'pglite') {
    try {
      lock = acquireLock(config.dataDir);
    } catch (error) {
      if (error instanceof LockHeldError) {
        throw new CliError(
          `El servidor está en ejecución (PID ${error.pid}) y tiene abierta la base de datos embebida ` +
            `en ${config.dataDir}. Detenelo y volvé a ejecutar el comando.`,
        );
      }
      throw error;
    }
  }
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
