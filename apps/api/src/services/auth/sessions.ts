import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { userColumns } from '../users/records.ts';
import type { SessionCache } from './session-cache.ts';

export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 32 random bytes, base64url; only its SHA-256 is stored (docs/product.md#roles-and-access). */
export async function createSession(db: Db | Tx, userId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_MAX_MS),
  });
  return token;
}

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: 'seller' | 'admin';
  branch_id: number | null;
  branch_name: string | null;
  avatar_url: string | null;
  active: boolean;
  created_at: Date;
  version: number;
}

export interface SessionRow {
  sessionId: number;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  user: SessionUser;
}

export interface ActiveSession {
  sessionId: number;
  user: SessionUser;
}

/** The session of a bearer token, or null if it is unknown, revoked, expired or its user inactive. */
export async function resolveSession(
  db: Db,
  token: string,
  now: Date,
  cache?: SessionCache<SessionRow>,
): Promise<ActiveSession | null> {
  if (token.length < 20 || token.length > 200) return null;
  const tokenHash = hashToken(token);
  let row: SessionRow | null | undefined = cache?.get(tokenHash);
  if (!row) {
    const ticket = cache?.ticket() ?? 0;
    [row] = (await db
      .select({
        sessionId: sessions.id,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        user: userColumns,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(branches, eq(branches.id, users.branchId))
      .where(eq(sessions.tokenHash, tokenHash))
      .limit(1)) as [SessionRow?];
    if (!row) return null;
    cache?.set(tokenHash, row, ticket);
  }
  const t = now.getTime();
  if (row.revokedAt) return null;
  if (row.expiresAt.getTime() <= t) return null;
  if (row.lastSeenAt.getTime() + SESSION_IDLE_MS <= t) return null;
  if (!row.user.active) return null;
  if (t - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
    row.lastSeenAt = now;
  }
  return { sessionId: row.sessionId, user: row.user };
}

export async function revokeSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Ends every open session of a user, except optionally the one making the change; how many of them
 * were still live (not yet past their idle or maximum time), which is what a person calls "ended".
 */
export async function revokeUserSessions(
  db: Db | Tx,
  userId: number,
  now: Date,
  exceptSessionId?: number,
): Promise<number> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (exceptSessionId !== undefined) conditions.push(ne(sessions.id, exceptSessionId));
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(...conditions))
    .returning({ expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt });
  const t = now.getTime();
  return ended.filter((s) => s.expiresAt.getTime() > t && s.lastSeenAt.getTime() + SESSION_IDLE_MS > t)
    .length;
}
