import { MSG, NOTIFICATION_MSG, type TNotificationValues } from '@panel/shared';
import type { Db } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { notificationTypes } from '../../db/schema/notifications.ts';
import { assertReference } from '../../lib/reference-check.ts';

/** The type and the branch (when not "every branch") must exist: 400 naming the field otherwise. */
export async function assertNotificationRefs(db: Db, body: TNotificationValues) {
  await assertReference(
    db,
    notificationTypes,
    notificationTypes.id,
    body.notification_type_id,
    'notification_type_id',
    NOTIFICATION_MSG.typeNotFound,
  );
  await assertReference(db, branches, branches.id, body.branch_id, 'branch_id', MSG.branchNotFound);
}
