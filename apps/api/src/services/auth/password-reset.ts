import { randomBytes } from 'node:crypto';
import {
  COMMUNITY_APP_PATH,
  PASSWORD_RESET_FRAGMENT,
  PASSWORD_RESET_MINUTES,
  type TRole,
} from '@panel/shared';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { passwordResets } from '../../db/schema/users.ts';
import { hashToken } from './sessions.ts';

export const RESET_TTL_MS = PASSWORD_RESET_MINUTES * 60 * 1000;

/** Requests per address (any email) in a window, beyond which the answer is 429. */
export const RESET_LIMITS = {
  windowMs: 15 * 60 * 1000,
  /** Requests from one address, whatever the email. */
  perIp: 10,
  /** Mails to one account per hour: beyond, the same neutral answer and no mail. */
  perAccount: 3,
  accountWindowMs: 60 * 60 * 1000,
  /** Wrong or used tokens sent from one address before a 429. */
  failedConfirmsPerIp: 20,
} as const;

/** A one-time link's token: 32 random bytes, base64url; only its SHA-256 is stored (like sessions). */
export async function createResetToken(db: Db | Tx, userId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResets).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_TTL_MS),
  });
  return token;
}

/**
 * Uses a token up: its user's id, or null when it is unknown, used or expired. One UPDATE with the
 * conditions in it, so of two requests with the same token only one gets the id. Every other open
 * link of that user ends with it.
 */
export async function consumeResetToken(tx: Tx, token: string, now: Date): Promise<number | null> {
  const [row] = await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, hashToken(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResets.userId });
  if (!row) return null;
  await endResetLinks(tx, row.userId, now);
  return row.userId;
}

/**
 * Ends every open reset link of these accounts (marks them used), in the caller's transaction. The one
 * rule for every change of a password (the administrator's, the user's own, the CLI's, a link's) and
 * every deactivation: a link asked for before it must not set a password after it
 * (docs/security.md, "Password reset links").
 */
export async function endResetLinks(db: Db | Tx, userIds: number | number[], now: Date): Promise<void> {
  const ids = Array.isArray(userIds) ? userIds : [userIds];
  if (ids.length === 0) return;
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(inArray(passwordResets.userId, ids), isNull(passwordResets.usedAt)));
}

/** Where the link opens: sellers in the community app, administrators in the panel's sign-in. */
export function resetLink(publicUrl: string, role: TRole, token: string): string {
  const path = role === 'seller' ? COMMUNITY_APP_PATH : '/login';
  return `${publicUrl}${path}#${PASSWORD_RESET_FRAGMENT}=${token}`;
}

export function resetMail(name: string, link: string): { subject: string; text: string; html: string } {
  const subject = 'Elegí una contraseña nueva';
  const text =
    `Hola, ${name}:\n\n` +
    'Pediste elegir una contraseña nueva. Abrí este enlace para hacerlo:\n\n' +
    `${link}\n\n` +
    `El enlace vale por ${PASSWORD_RESET_MINUTES} minutos y se usa una sola vez. Al guardar la contraseña ` +
    'nueva se cierran todas tus sesiones abiertas.\n\n' +
    'Si no lo pediste vos, ignorá este correo: tu contraseña sigue siendo la misma.\n';
  const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html =
    `<p>Hola, ${escapeHtml(name)}:</p>` +
    '<p>Pediste elegir una contraseña nueva. Abrí este enlace para hacerlo:</p>' +
    `<p><a href="${escapeHtml(link)}">Elegir una contraseña nueva</a></p>` +
    `<p>El enlace vale por ${PASSWORD_RESET_MINUTES} minutos y se usa una sola vez. Al guardar la contraseña ` +
    'nueva se cierran todas tus sesiones abiertas.</p>' +
    '<p>Si no lo pediste vos, ignorá este correo: tu contraseña sigue siendo la misma.</p>';
  return { subject, text, html };
}
