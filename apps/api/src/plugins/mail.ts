import { join } from 'node:path';
import fp from 'fastify-plugin';
import { Mailer } from '../services/mail/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Outgoing mail (services/mail/mailer.ts): SMTP_URL, or .eml files under DATA_DIR/mail. */
export const mailPlugin = fp(
  async (app) => {
    const mailer = new Mailer({
      smtpUrl: app.config.mail.smtpUrl,
      from: app.config.mail.from,
      dropDir: join(app.config.dataDir, 'mail'),
      log: app.log,
    });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail', dependencies: ['db'] },
);
