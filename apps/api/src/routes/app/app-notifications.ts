import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import type { SessionUser } from '../../services/auth/sessions.ts';
import { iso, visibleTo } from './app-scope.ts';

export interface NotificationRow {
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

export const selectNotifications = (user: SessionUser, where: SQL) =>
  sql`SELECT n.id, n.title, n.message, n.branch_id, t.id AS type_id, t.name AS type_name,
      t.color AS type_color, t.icon AS type_icon, n.created_at, r.read_at
    FROM notifications n JOIN notification_types t ON t.id = n.notification_type_id
    LEFT JOIN notification_reads r ON r.notification_id = n.id AND r.user_id = ${user.id}
    WHERE ${where}`;

export const toDto = (n: NotificationRow) => ({
  id: n.id,
  title: n.title,
  message: n.message,
  branch_id: n.branch_id,
  type: { id: n.type_id, name: n.type_name, color: n.type_color, icon: n.type_icon },
  created_at: iso(n.created_at),
  read_at: n.read_at ? iso(n.read_at) : null,
});

export async function unreadCount(db: Db | Tx, user: SessionUser): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM notifications n
      WHERE ${visibleTo(user, sql`n.branch_id`)}
        AND NOT EXISTS (SELECT 1 FROM notification_reads r WHERE r.notification_id = n.id AND r.user_id = ${user.id})`,
  );
  return Number(row?.n ?? 0);
}
