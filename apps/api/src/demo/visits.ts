import { isNull } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { appVisits } from '../db/schema/engagement.ts';
import { notificationReads, notifications } from '../db/schema/notifications.ts';
import { mulberry32 } from './random.ts';
import { localDate } from './schedule.ts';

/** Half a year of app visits, the longest period Participación shows. */
const VISIT_DAYS = 26 * 7;
/** The branch that falls behind starts to drop this many days ago. */
const DROP_DAYS = 42;

/**
 * App visits that tell Participación's story (docs/product.md#participacion): the first two branches
 * (Casa Central, Córdoba Centro) open the app most days; the third (Rosario Oroño) did too, until six
 * weeks ago, and has been falling since, two of its sellers not at all for three weeks; the others in
 * between. The demo seller opens it every day. Every active seller's half year, whenever the account was
 * made (the demo spreads those over four months; the chart would show a roll-out instead of the story).
 * Its own random sequence: the rest of the demo stays as it was.
 */
export async function seedDemoVisits(
  tx: Tx,
  input: {
    sellers: { id: number; branchId: number | null; active: boolean }[];
    branchIds: number[];
    now: Date;
    timeZone: string;
  },
): Promise<void> {
  const random = mulberry32(20_261_204);
  const [engagedA, engagedB, falling] = input.branchIds;
  const rows: (typeof appVisits.$inferInsert)[] = [];
  // The days, oldest first (index = VISIT_DAYS - 1 - daysAgo), worked out once for every seller.
  const days = Array.from({ length: VISIT_DAYS }, (_, k) => {
    const d = localDate(input.now, -(VISIT_DAYS - 1 - k), input.timeZone);
    return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
  });
  let fallingSeen = 0;
  for (const [i, seller] of input.sellers.entries()) {
    if (!seller.active) continue;
    const isFalling = seller.branchId === falling;
    // The first two sellers of the falling branch stop three weeks ago.
    const stopsAt = isFalling && fallingSeen++ < 2 ? 21 : 0;
    for (let daysAgo = VISIT_DAYS - 1; daysAgo >= 0; daysAgo--) {
      const day = days[VISIT_DAYS - 1 - daysAgo]!;
      let p: number;
      // A day's chance; a week's is 1 − (1 − p)^7: 0.6 → nearly every week, 0.2 → 8 weeks in 10.
      if (i === 0) p = 1;
      else if (seller.branchId === engagedA || seller.branchId === engagedB) p = 0.6;
      else if (isFalling) {
        if (daysAgo < stopsAt) p = 0;
        else p = daysAgo >= DROP_DAYS ? 0.6 : 0.6 * (daysAgo / DROP_DAYS) ** 2;
      } else p = 0.2;
      if (random() < p) rows.push({ userId: seller.id, day });
    }
  }
  for (let k = 0; k < rows.length; k += 2000) await tx.insert(appVisits).values(rows.slice(k, k + 2000));
}

/**
 * Notification reads that tell the same story ("Notificaciones leídas en 24 h"): the engaged branches'
 * sellers read about eight notices in ten within the day, the others about half, the falling branch about
 * seven in ten until six weeks ago and one in ten since; some read later (one to three days), the rest
 * never. The demo seller reads them all within the hour. Only the active sellers of a notice's audience
 * (its branch's, or all), only reads before `now`. A few hundred rows; its own random sequence.
 */
export async function seedDemoNotificationReads(
  tx: Tx,
  input: {
    sellers: { id: number; branchId: number | null; active: boolean }[];
    branchIds: number[];
    now: Date;
  },
): Promise<void> {
  const random = mulberry32(20_261_205);
  const [engagedA, engagedB, falling] = input.branchIds;
  const sent = await tx
    .select({ id: notifications.id, branchId: notifications.branchId, createdAt: notifications.createdAt })
    .from(notifications)
    // A scheduled one is read once published, not before.
    .where(isNull(notifications.publishAt))
    .orderBy(notifications.id);
  const rows: (typeof notificationReads.$inferInsert)[] = [];
  const hour = 3_600_000;
  for (const n of sent) {
    const sentAt = n.createdAt.getTime();
    const daysAgo = (input.now.getTime() - sentAt) / (24 * hour);
    for (const [i, seller] of input.sellers.entries()) {
      if (!seller.active || (n.branchId !== null && n.branchId !== seller.branchId)) continue;
      let within: number;
      if (i === 0) within = 1;
      else if (seller.branchId === engagedA || seller.branchId === engagedB) within = 0.8;
      else if (seller.branchId === falling) within = daysAgo >= DROP_DAYS ? 0.7 : 0.1;
      else within = 0.5;
      const r = random();
      const after =
        i === 0
          ? random() * hour
          : r < within
            ? random() * 23 * hour
            : r < within + (1 - within) / 2
              ? (25 + random() * 47) * hour
              : null;
      if (after === null || sentAt + after > input.now.getTime()) continue;
      rows.push({ notificationId: n.id, userId: seller.id, readAt: new Date(sentAt + after) });
    }
  }
  for (let k = 0; k < rows.length; k += 2000)
    await tx.insert(notificationReads).values(rows.slice(k, k + 2000));
}
