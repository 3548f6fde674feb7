import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';

/** The browser tests' server has no SMTP_URL: each mail is an .eml under DATA_DIR/mail (server.mjs). */
const MAIL_DIR = join(
  process.env.E2E_DATA_DIR ?? fileURLToPath(new URL('../../.artifacts/e2e-data', import.meta.url)),
  'mail',
);

/** The newest mail to `email` written under DATA_DIR/mail, parsed; waits for it to appear. */
export async function latestMailTo(email: string) {
  let found: Awaited<ReturnType<typeof simpleParser>> | undefined;
  await expect
    .poll(
      async () => {
        let files: string[] = [];
        try {
          files = readdirSync(MAIL_DIR)
            .filter((f) => f.endsWith('.eml'))
            .sort()
            .reverse();
        } catch {
          return false;
        }
        for (const file of files) {
          const mail = await simpleParser(readFileSync(join(MAIL_DIR, file)));
          const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
          if (to.includes(email)) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { timeout: 20_000, message: `un correo para ${email} en ${MAIL_DIR}` },
    )
    .toBe(true);
  return found!;
}

/** The reset link of the newest mail to `email`, as a path for page.goto (same server). */
export async function resetLinkFor(email: string): Promise<string> {
  const mail = await latestMailTo(email);
  const link = mail.text?.match(/https?:\/\/\S+#restablecer=[A-Za-z0-9_-]+/)?.[0];
  expect(link, 'el enlace del correo').toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.hash}`;
}
