import { APP_MSG, type TAppNotification, type TListMeta } from '@panel/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { notFound } from '../../lib/http-errors.ts';
import { iso } from '../../lib/iso.ts';
import { fetchPage } from '../../lib/list-query.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { shownTo } from '../scheduling/published.ts';

interface NotificationRow {
  id: number;
  title: string;
  message: string;
  branch_id: number | null;
  type_id: number;
  type_name: string;
  type_color: string;
  type_icon: string;
  created_at: Date | string;
  read_at: Date | string | null;
}

const selectNotifications = (user: SessionUser, where: SQL) =>
  sql`SELECT n.id, n.title, n.message, n.branch_id, t.id AS type_id, t.name AS type_name,
      t.color AS type_color, t.icon AS type_icon, n.created_at, r.read_at
    FROM notifications n JOIN notification_types t ON t.id = n.notification_type_id
    LEFT JOIN notification_reads r ON r.notification_id = n.id AND r.user_id = ${user.id}
    WHERE ${where}`;

const toDto = (n: NotificationRow): TAppNotification => ({
  id: n.id,
  title: n.title,
  message: n.message,
  branch_id: n.branch_id,
  type: { id: n.type_id, name: n.type_name, color: n.type_color, icon: n.type_icon },
  created_at: iso(n.created_at),
  read_at: n.read_at ? iso(n.read_at) : null,
});

/** How many notifications the caller may see and has not read. */
export async function unreadCount(db: Db | Tx, user: SessionUser): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM notifications n
      WHERE ${shownTo(user, 'n')}
        AND NOT EXISTS (SELECT 1 FROM notification_reads r WHERE r.notification_id = n.id AND r.user_id = ${user.id})`,
  );
  return Number(row?.n ?? 0);
}

/** The caller's notifications, one page: unread first, then newest first; `unread` keeps only those. */
export async function listAppNotifications(
  db: Db,
  user: SessionUser,
  query: { filter: 'all' | 'unread'; page: number; per_page: number },
): Promise<{ data: TAppNotification[]; meta: TListMeta }> {
  const unreadOnly =
    query.filter === 'unread'
      ? sql`AND NOT EXISTS (SELECT 1 FROM notification_reads x WHERE x.notification_id = n.id AND x.user_id = ${user.id})`
      : sql``;
  const where = sql`${shownTo(user, 'n')} ${unreadOnly}`;
  const { rows, meta } = await fetchPage(
    query,
    ({ limit, offset }) =>
      queryRows<NotificationRow>(
        db,
        sql`${selectNotifications(user, where)}
          ORDER BY (r.read_at IS NULL) DESC, n.created_at DESC, n.id DESC LIMIT ${limit} OFFSET ${offset}`,
      ),
    queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM notifications n WHERE ${where}`),
  );
  return { data: rows.map(toDto), meta };
}

/** One notification the caller may see; 404 otherwise. */
export async function appNotificationById(db: Db, user: SessionUser, id: number): Promise<TAppNotification> {
  const [row] = await queryRows<NotificationRow>(
    db,
    selectNotifications(user, sql`n.id = ${id} AND ${shownTo(user, 'n')}`),
  );
  if (!row) throw notFound(APP_MSG.notificationNotFound);
  return toDto(row);
}

/** Marks one notification read (idempotent: the first time stays); 404 when the caller may not see it. */
export async function markNotificationRead(
  db: Db,
  user: SessionUser,
  id: number,
  now: Date,
): Promise<{ id: number; read_at: string; unread_count: number }> {
  return db.transaction(async (tx) => {
    const [visible] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT n.id FROM notifications n WHERE n.id = ${id} AND ${shownTo(user, 'n')}`,
    );
    if (!visible) throw notFound(APP_MSG.notificationNotFound);
    await queryRows(
      tx,
      sql`INSERT INTO notification_reads (notification_id, user_id, read_at)
        VALUES (${id}, ${user.id}, ${now.toISOString()}::timestamptz) ON CONFLICT DO NOTHING`,
    );
    const [read] = await queryRows<{ read_at: Date | string }>(
      tx,
      sql`SELECT read_at FROM notification_reads WHERE notification_id = ${id} AND user_id = ${user.id}`,
    );
    return { id, read_at: iso(read!.read_at), unread_count: await unreadCount(tx, user) };
  });
}

/** Marks every notification the caller may see read; how many were unread. */
export async function markAllNotificationsRead(
  db: Db,
  user: SessionUser,
  now: Date,
): Promise<{ marked: number; unread_count: number }> {
  const marked = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO notification_reads (notification_id, user_id, read_at)
      SELECT n.id, ${user.id}, ${now.toISOString()}::timestamptz FROM notifications n
      WHERE ${shownTo(user, 'n')}
      ON CONFLICT DO NOTHING RETURNING id`,
  );
  return { marked: marked.length, unread_count: await unreadCount(db, user) };
}
