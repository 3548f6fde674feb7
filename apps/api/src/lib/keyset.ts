/**
 * Keyset positions for lists ordered by (created_at DESC, id DESC): the last row's exact created_at
 * (as PostgreSQL prints it, microseconds included) and id, opaque to clients. A deep page then costs
 * what the first one does, where OFFSET reads and drops every row before it.
 */
export function encodeKeyset(createdAt: string, id: number): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
}

export function decodeKeyset(cursor: string): { createdAt: string; id: number } | null {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt !== 'string' || Number.isNaN(Date.parse(createdAt))) return null;
    if (!Number.isSafeInteger(id) || (id as number) < 1) return null;
    return { createdAt, id: id as number };
  } catch {
    return null;
  }
}

/** Keyset positions for lists ordered by id alone (DESC), such as the audit log. */
export function encodeIdKeyset(id: number): string {
  return Buffer.from(JSON.stringify([id])).toString('base64url');
}

export function decodeIdKeyset(cursor: string): number | null {
  try {
    const [id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    return Number.isSafeInteger(id) && (id as number) >= 1 ? (id as number) : null;
  } catch {
    return null;
  }
}
