import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: Buffer;
}

/**
 * A real SMTP server on a free loopback port (the `smtp-server` package), for tests that follow
 * what the app mails. Plain SMTP without TLS or AUTH: nodemailer speaks to it as to any server.
 * A mail is in `received` before the server answers its DATA, so once the app's send resolved,
 * the mail is there.
 */
export async function startMailServer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The mails sent to one address, parsed. */
    async mailsTo(address: string): Promise<ParsedMail[]> {
      return Promise.all(received.filter((m) => m.to.includes(address)).map((m) => simpleParser(m.raw)));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reset link of a mail's text, and its token. */
export function resetLinkOf(mail: ParsedMail): { link: string; token: string } {
  const link = mail.text?.match(/https?:\/\/\S+#restablecer=[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error(`sin enlace en el correo: ${mail.text}`);
  return { link, token: link.split('#restablecer=')[1]! };
}
