import { EVENT_MSG, MSG, type TEventValues } from '@panel/shared';
import type { Db } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { eventTypes } from '../../db/schema/events.ts';
import { assertReference } from '../../lib/reference-check.ts';

/** The type and the branch (when not "every branch") must exist: 400 naming the field otherwise. */
export async function assertEventRefs(db: Db, body: TEventValues) {
  await assertReference(
    db,
    eventTypes,
    eventTypes.id,
    body.event_type_id,
    'event_type_id',
    EVENT_MSG.typeNotFound,
  );
  await assertReference(db, branches, branches.id, body.branch_id, 'branch_id', MSG.branchNotFound);
}
