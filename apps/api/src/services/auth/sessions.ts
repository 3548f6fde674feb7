import { createHash, randomBytes } from 'node:crypto';
import { SESSIONS_LIST_MAX, type TRole, type TSession } from '@panel/shared';
import { and, count, desc, eq, gt, isNull, ne, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { userColumns } from '../users/user-columns.ts';
import { deviceWords } from './device.ts';
import type { SessionCache } from './session-cache.ts';

export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Where a sign-in came from, kept with its session so the person can recognise it (issue 30, section 4). */
export interface SessionOrigin {
  /** Already cut (device.ts, storedUserAgent). */
  userAgent: string | null;
  ip: string | null;
}

/** 32 random bytes, base64url; only its SHA-256 is stored (docs/product.md#roles-and-access). */
export async function createSession(
  db: Db | Tx,
  userId: number,
  now: Date,
  origin: SessionOrigin = { userAgent: null, ip: null },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_MAX_MS),
    userAgent: origin.userAgent,
    ip: origin.ip,
  });
  return token;
}

/** A session still open at `now`: not revoked, not past its maximum nor its idle time. */
function isOpen(now: Date): SQL {
  return and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
  )!;
}

/**
 * A user's open sessions, most recently used first, at most SESSIONS_LIST_MAX of them, and how many
 * there are. `currentSessionId` marks the caller's own ("esta sesión").
 */
export async function listOpenSessions(
  db: Db,
  userId: number,
  now: Date,
  currentSessionId?: number,
): Promise<{ data: TSession[]; total: number }> {
  const where = and(eq(sessions.userId, userId), isOpen(now));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: sessions.id,
        userAgent: sessions.userAgent,
        ip: sessions.ip,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .where(where)
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
      .limit(SESSIONS_LIST_MAX),
    db.select({ total: count() }).from(sessions).where(where),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      device: deviceWords(r.userAgent),
      ip: r.ip,
      created_at: r.createdAt.toISOString(),
      last_seen_at: r.lastSeenAt.toISOString(),
      current: r.id === currentSessionId,
    })),
    total: counted?.total ?? 0,
  };
}

/** Ends one of a user's open sessions; false when it is not theirs, or no longer open. */
export async function revokeOwnSession(
  db: Db | Tx,
  userId: number,
  sessionId: number,
  now: Date,
): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isOpen(now)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: TRole;
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
 * Ends every open session of a user (not yet past its idle or maximum time), except optionally the
 * one making the change; how many, which is what a person calls "ended".
 */
export async function revokeUserSessions(
  db: Db | Tx,
  userId: number,
  now: Date,
  exceptSessionId?: number,
): Promise<number> {
  // Only the open ones: the others already end by themselves, and each revocation is an audit row.
  const conditions = [eq(sessions.userId, userId), isOpen(now)];
  if (exceptSessionId !== undefined) conditions.push(ne(sessions.id, exceptSessionId));
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return ended.length;
}
