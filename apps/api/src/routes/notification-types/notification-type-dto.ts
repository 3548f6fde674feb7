import { notificationIconUrl, type TNotificationType } from '@panel/shared';
import { notificationTypes } from '../../db/schema/notifications.ts';

export const notificationTypeColumns = {
  id: notificationTypes.id,
  name: notificationTypes.name,
  color: notificationTypes.color,
  icon: notificationTypes.icon,
  createdAt: notificationTypes.createdAt,
  version: notificationTypes.version,
};

export function toNotificationTypeDto(row: {
  id: number;
  name: string;
  color: string;
  icon: string;
  createdAt: Date;
  version: number;
}): TNotificationType {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    icon: row.icon,
    icon_url: notificationIconUrl(row.icon),
    created_at: row.createdAt.toISOString(),
    version: row.version,
  };
}
