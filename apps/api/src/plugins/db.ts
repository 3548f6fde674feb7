import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import { currentAuditTransaction } from '../db/audit-context.ts';
import type { Database, Db } from '../db/client.ts';
import { createSecretBox, type SecretBox } from '../lib/secret-box.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    /** The database; inside an audited admin write, that write's transaction (plugins/audit.ts). */
    db: Db;
    secretBox: SecretBox;
    /** Seals the TOTP keys of the second factor (its own key derived from APP_SECRET). */
    totpBox: SecretBox;
    /** The clock; tests may replace it. */
    now(): Date;
  }
}

export interface DbPluginOptions {
  config: AppConfig;
  database: Database;
  now?: () => Date;
}

/** Shares the database and configuration. The caller opened the database and closes it. */
export const dbPlugin = fp<DbPluginOptions>(
  async (app, { config, database, now }) => {
    app.decorate('config', config);
    app.decorate<Database>('database', database);
    app.decorate('db', { getter: (): Db => currentAuditTransaction() ?? database.db });
    app.decorate('secretBox', createSecretBox(config.appSecret));
    app.decorate('totpBox', createSecretBox(config.appSecret, 'totp'));
    app.decorate('now', now ?? (() => new Date()));
  },
  { name: 'db' },
);
