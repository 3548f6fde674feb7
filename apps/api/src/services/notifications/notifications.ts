import {
  NOTIFICATION_MSG,
  notificationIconUrl,
  type TNotification,
  type TNotificationValues,
  type ZNotificationListQuery,
} from '@panel/shared';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { notifications, notificationTypes } from '../../db/schema/notifications.ts';
import { notFound } from '../../lib/http-errors.ts';
import { containsTextInAny, fetchPage, parseSort, textSortKey } from '../../lib/list-query.ts';
import { inBranchScope } from '../auth/branch-scope.ts';
import type { SessionUser } from '../auth/sessions.ts';

export const notificationColumns = {
  id: notifications.id,
  notificationTypeId: notifications.notificationTypeId,
  branchId: notifications.branchId,
  title: notifications.title,
  message: notifications.message,
  urgent: notifications.urgent,
  createdAt: notifications.createdAt,
  publishAt: notifications.publishAt,
  version: notifications.version,
  typeName: notificationTypes.name,
  typeColor: notificationTypes.color,
  typeIcon: notificationTypes.icon,
  branchName: branches.name,
  /** Devices its push reached ("Enviada a N dispositivos"). */
  pushSentCount: sql<number>`(SELECT count(*)::int FROM push_jobs j
    WHERE j.notification_id = ${notifications.id} AND j.status = 'sent')`.mapWith(Number),
  // Read receipts ("Leída por 41 de 60"), counted by the database for the page's rows only: the
  // active sellers who see it now (an all-branch one: one count for the whole query, an InitPlan),
  // and those of them with a read (notification_reads' (notification_id, user_id) index).
  recipientCount: sql<number>`(CASE WHEN ${notifications.branchId} IS NULL
      THEN (SELECT count(*)::int FROM users u WHERE u.role = 'seller' AND u.active)
      ELSE (SELECT count(*)::int FROM users u
        WHERE u.role = 'seller' AND u.active AND u.branch_id = ${notifications.branchId}) END)`.mapWith(
    Number,
  ),
  readCount: sql<number>`(SELECT count(*)::int FROM notification_reads r JOIN users u ON u.id = r.user_id
    WHERE r.notification_id = ${notifications.id} AND u.role = 'seller' AND u.active
      AND (${notifications.branchId} IS NULL OR u.branch_id = ${notifications.branchId}))`.mapWith(Number),
};

/** A notification with its type and branch, as every answer carries it. */
export function selectNotifications(db: Db) {
  return db
    .select(notificationColumns)
    .from(notifications)
    .innerJoin(notificationTypes, eq(notificationTypes.id, notifications.notificationTypeId))
    .leftJoin(branches, eq(branches.id, notifications.branchId));
}

type NotificationRow = Awaited<ReturnType<ReturnType<typeof selectNotifications>['execute']>>[number];

export function toNotificationDto(row: NotificationRow): TNotification {
  return {
    id: row.id,
    notification_type_id: row.notificationTypeId,
    notification_type: {
      id: row.notificationTypeId,
      name: row.typeName,
      color: row.typeColor,
      icon: row.typeIcon,
      icon_url: notificationIconUrl(row.typeIcon),
    },
    branch_id: row.branchId,
    branch_name: row.branchName,
    title: row.title,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    push_sent_count: row.pushSentCount,
    urgent: row.urgent,
    read_count: row.readCount,
    recipient_count: row.recipientCount,
    publish_at: row.publishAt ? row.publishAt.toISOString() : null,
    version: row.version,
  };
}

/** Notifications `user` may see and change: every one for an administrator, their branch's for a manager. */
export const notificationsInScope = (user: SessionUser) =>
  inBranchScope(user, sql`${notifications.branchId}`);

/** The notification, if `user` may see it (notificationsInScope); null otherwise. */
export async function findNotification(db: Db, id: number, user: SessionUser) {
  const [row] = await selectNotifications(db)
    .where(and(eq(notifications.id, id), notificationsInScope(user)))
    .limit(1);
  return row ? toNotificationDto(row) : null;
}

/** The columns a create or an update body writes. */
export function notificationValues(body: TNotificationValues) {
  return {
    notificationTypeId: body.notification_type_id,
    branchId: body.branch_id,
    title: body.title,
    message: body.message,
    // Absent on an update: unchanged.
    ...(body.urgent !== undefined && { urgent: body.urgent }),
  };
}

const SORT_COLUMNS = {
  title: textSortKey(notifications.title),
  message: textSortKey(notifications.message),
  created_at: sql`${notifications.createdAt}`,
} satisfies Record<string, SQL>;

/**
 * One page of notifications with their type, branch and counts: `q` on title and message,
 * `notification_type_id`, `branch_id`; newest first by default. A manager's page: their branch's only.
 */
export async function selectNotificationsPage(
  db: Db,
  query: z.infer<typeof ZNotificationListQuery>,
  user: SessionUser,
) {
  const conditions: SQL[] = [notificationsInScope(user)];
  if (query.q) {
    conditions.push(containsTextInAny(query.q, notifications.title, notifications.message));
  }
  if (query.notification_type_id) {
    conditions.push(eq(notifications.notificationTypeId, query.notification_type_id));
  }
  if (query.branch_id) conditions.push(eq(notifications.branchId, query.branch_id));
  const where = and(...conditions);

  const sort = parseSort<keyof typeof SORT_COLUMNS>(query.sort, 'created_at', true);
  const direction = sort.desc ? desc : asc;
  return fetchPage(
    query,
    ({ limit, offset }) =>
      selectNotifications(db)
        .where(where)
        .orderBy(direction(SORT_COLUMNS[sort.key]), direction(notifications.id))
        .limit(limit)
        .offset(offset),
    db.select({ n: count() }).from(notifications).where(where),
  );
}

interface ReaderRow {
  user_id: number;
  name: string;
  email: string;
  branch_name: string | null;
  read_at: Date | string;
}

/**
 * "Leída por": the sellers counted in `read_count` (active, and seeing the notification), newest
 * read first, a page at a time (the (notification_id, read_at, id) index walks it backwards); 404 when
 * there is no such notification or `user` (a manager) may not see it.
 */
export async function queryNotificationReaders(
  db: Db,
  id: number,
  query: { page: number; per_page: number },
  user: SessionUser,
) {
  const [found] = await queryRows<{ branch_id: number | null }>(
    db,
    sql`SELECT n.branch_id FROM notifications n WHERE n.id = ${id} AND ${inBranchScope(user, sql`n.branch_id`)}`,
  );
  if (!found) throw notFound(NOTIFICATION_MSG.notificationNotFound);
  const where = sql`r.notification_id = ${id} AND u.role = 'seller' AND u.active
    ${found.branch_id === null ? sql`` : sql`AND u.branch_id = ${found.branch_id}`}`;
  const { rows, meta } = await fetchPage(
    query,
    ({ limit, offset }) =>
      queryRows<ReaderRow>(
        db,
        sql`SELECT u.id AS user_id, u.name, u.email, b.name AS branch_name, r.read_at
          FROM notification_reads r JOIN users u ON u.id = r.user_id
          LEFT JOIN branches b ON b.id = u.branch_id
          WHERE ${where}
          ORDER BY r.read_at DESC, r.id DESC LIMIT ${limit} OFFSET ${offset}`,
      ),
    queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM notification_reads r JOIN users u ON u.id = r.user_id WHERE ${where}`,
    ),
  );
  return {
    data: rows.map((r) => ({
      user_id: r.user_id,
      name: r.name,
      email: r.email,
      branch_name: r.branch_name,
      read_at: new Date(r.read_at).toISOString(),
    })),
    meta,
  };
}
