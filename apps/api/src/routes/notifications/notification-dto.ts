import { notificationIconUrl, type TNotification, type TNotificationValues } from '@panel/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { notifications, notificationTypes } from '../../db/schema/notifications.ts';

export const notificationColumns = {
  id: notifications.id,
  notificationTypeId: notifications.notificationTypeId,
  branchId: notifications.branchId,
  title: notifications.title,
  message: notifications.message,
  urgent: notifications.urgent,
  createdAt: notifications.createdAt,
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
    version: row.version,
  };
}

export async function findNotification(db: Db, id: number) {
  const [row] = await selectNotifications(db).where(eq(notifications.id, id)).limit(1);
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
