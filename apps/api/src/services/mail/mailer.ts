import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailerOptions {
  /** smtp:// or smtps:// (nodemailer's URL form); without it, mails are written to `dropDir`. */
  smtpUrl?: string;
  from: string;
  /** DATA_DIR/mail: where each mail is written as an .eml when there is no SMTP. */
  dropDir: string;
  log: FastifyBaseLogger;
}

/**
 * Outgoing mail (issue 23, item 2). Over SMTP with nodemailer when SMTP_URL is set; otherwise (the
 * embedded default) each mail is written as an .eml file (CRLF lines) under DATA_DIR/mail/ (0600: it may hold a
 * password link) and the log says where, so the demo works end to end on one machine. send() never
 * throws: a mail that cannot go out is logged (without its text) and the caller's answer stands.
 * close() waits for the mails on their way.
 */
export class Mailer {
  private readonly transport: Transporter;
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly options: MailerOptions) {
    this.transport = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  }

  get kind(): 'smtp' | 'file' {
    return this.options.smtpUrl ? 'smtp' : 'file';
  }

  /** Sends in the background; resolves when it went out or failed (logged). */
  send(mail: Mail): Promise<void> {
    const job = this.deliver(mail).finally(() => this.pending.delete(job));
    this.pending.add(job);
    return job;
  }

  /**
   * Prepares a mail and sends it, both in the background once `answered` settles (the request's
   * answer has left) and the current turn of the event loop ends: what the preparation reads or
   * writes takes no time from the answer (the password reset's request, routes/auth/password-reset.ts).
   * null sends nothing; a preparation that fails is logged. idle() and close() wait for it.
   */
  sendAfter(answered: Promise<unknown>, prepare: () => Promise<Mail | null>): void {
    const job: Promise<void> = answered
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(prepare)
      .then((mail) => (mail ? this.deliver(mail) : undefined))
      .catch((error: unknown) => this.options.log.error({ err: error }, 'No se pudo preparar un correo'))
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  private async deliver(mail: Mail): Promise<void> {
    const { log } = this.options;
    try {
      const info = await this.transport.sendMail({ from: this.options.from, ...mail });
      if (this.options.smtpUrl) {
        log.info({ messageId: info.messageId }, 'Correo enviado por SMTP');
        return;
      }
      await mkdir(this.options.dropDir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(this.options.dropDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info(
        { file },
        `Correo guardado en ${file} (sin SMTP_URL no se envía: abrilo con un cliente de correo)`,
      );
    } catch (error) {
      log.error({ err: error }, 'No se pudo enviar un correo');
    }
  }

  /** Resolves once every mail sent so far went out (or failed). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async close(): Promise<void> {
    await this.idle();
    this.transport.close();
  }
}
