import { count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { branches } from '../db/schema/branches.ts';
import { events, eventTypes } from '../db/schema/events.ts';
import { notifications, notificationTypes } from '../db/schema/notifications.ts';
import { postComments, postLikes, posts } from '../db/schema/posts.ts';
import { users } from '../db/schema/users.ts';
import { hashPassword } from '../services/auth/passwords.ts';
import type { Storage } from '../services/storage/storage.ts';
import {
  DEMO_BRANCHES,
  DEMO_COMMENTS,
  DEMO_EVENT_TYPES,
  DEMO_EVENTS,
  DEMO_NOTIFICATION_TYPES,
  DEMO_NOTIFICATIONS,
  DEMO_POSTS,
  FIRST_NAMES,
  LAST_NAMES,
} from './data.ts';
import { seedDemoMedia } from './media.ts';
import { seedDemoPoints } from './points.ts';
import { mulberry32 } from './random.ts';
import { seedScheduleDemo } from './schedule.ts';
import { seedDemoSurveys } from './surveys.ts';
import { seedTargets } from './targets.ts';

export const DEMO_SELLER = { email: 'vendedor@demo.local', password: 'vendedor-demo-2026' } as const;
const SELLER_COUNT = 60;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface DemoSeedResult {
  seeded: boolean;
  branches?: number;
  sellers?: number;
}

/** Seeds demo data when the database has neither branches nor sellers (SEED_DEMO=1). */
export async function seedDemoIfEmpty(db: Db, now = new Date(), storage?: Storage): Promise<DemoSeedResult> {
  const [b] = await db.select({ n: count() }).from(branches);
  const [s] = await db.select({ n: count() }).from(users).where(eq(users.role, 'seller'));
  if ((b?.n ?? 0) > 0 || (s?.n ?? 0) > 0) return { seeded: false };
  // One hash for every demo seller: they share the password, and 60 scrypt runs would take ~20 s.
  const passwordHash = await hashPassword(DEMO_SELLER.password);
  return db.transaction((tx) => seed(tx, passwordHash, now, storage));
}

async function seed(tx: Tx, passwordHash: string, now: Date, storage?: Storage): Promise<DemoSeedResult> {
  const random = mulberry32(20_260_101);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const ago = (ms: number) => new Date(now.getTime() - ms);

  const branchRows = await tx
    .insert(branches)
    .values(
      DEMO_BRANCHES.map((branch) => ({ ...branch, createdAt: ago(120 * DAY), updatedAt: ago(120 * DAY) })),
    )
    .returning({ id: branches.id });
  const branchIds = branchRows.map((r) => r.id);

  const sellers = buildSellers(random, branchIds, passwordHash, now);
  const sellerRows = await tx
    .insert(users)
    .values(sellers)
    .returning({ id: users.id, branchId: users.branchId });
  const sellerIds = sellerRows.map((r) => r.id);

  await seedTargets(tx, sellerIds, now, mulberry32(20_260_505));

  const eventTypeRows = await tx
    .insert(eventTypes)
    .values([...DEMO_EVENT_TYPES])
    .returning({ id: eventTypes.id });
  const nextHour = Math.ceil(now.getTime() / HOUR) * HOUR;
  await tx.insert(events).values(
    DEMO_EVENTS.map(([days, type, title, description], i) => {
      const start = new Date(nextHour + days * DAY);
      return {
        eventTypeId: eventTypeRows[type]!.id,
        branchId: i % 3 === 0 ? branchIds[i % branchIds.length]! : null,
        title,
        description,
        startAt: start,
        endAt: new Date(start.getTime() + 2 * HOUR),
      };
    }),
  );

  const notificationTypeRows = await tx
    .insert(notificationTypes)
    .values([...DEMO_NOTIFICATION_TYPES])
    .returning({ id: notificationTypes.id });
  await tx.insert(notifications).values(
    DEMO_NOTIFICATIONS.map(([type, title, message], i) => ({
      notificationTypeId: notificationTypeRows[type]!.id,
      branchId: i === 2 ? branchIds[1]! : null,
      title,
      message,
      createdAt: ago((DEMO_NOTIFICATIONS.length - i) * 2 * DAY),
    })),
  );

  await seedScheduleDemo(tx, now, branchIds);

  const postRows = await tx
    .insert(posts)
    .values(
      DEMO_POSTS.map((content, i) => {
        const author = sellerRows[(i * 7) % sellerRows.length]!;
        return {
          userId: author.id,
          content,
          branchId: i % 2 === 0 ? null : author.branchId,
          createdAt: ago((i + 1) * 9 * HOUR),
        };
      }),
    )
    .returning({ id: posts.id, createdAt: posts.createdAt, userId: posts.userId });
  const likes: (typeof postLikes.$inferInsert)[] = [];
  const comments: (typeof postComments.$inferInsert)[] = [];
  for (const post of postRows) {
    const likers = new Set(Array.from({ length: between(3, 15) }, () => pick(sellerIds)));
    for (const userId of likers)
      likes.push({
        postId: post.id,
        userId,
        createdAt: new Date(post.createdAt.getTime() + between(1, 8) * HOUR),
      });
    for (let c = between(0, 3); c > 0; c--) {
      comments.push({
        postId: post.id,
        userId: pick(sellerIds),
        content: pick(DEMO_COMMENTS),
        createdAt: new Date(post.createdAt.getTime() + c * HOUR),
      });
    }
  }
  await tx.insert(postLikes).values(likes);
  if (comments.length > 0) await tx.insert(postComments).values(comments);

  await seedDemoSurveys(tx, { sellers: sellerRows, branchIds, now, random });
  if (storage) await seedMedia(tx, storage, { postRows, sellerIds, branchIds, now });
  // Last: the ledger follows the activity every other part seeded.
  await seedDemoPoints(tx, now);

  return { seeded: true, branches: branchIds.length, sellers: sellerIds.length };
}

function buildSellers(random: () => number, branchIds: number[], passwordHash: string, now: Date) {
  const used = new Set<string>();
  return Array.from({ length: SELLER_COUNT }, (_, i) => {
    let name = '';
    do {
      name = `${FIRST_NAMES[Math.floor(random() * FIRST_NAMES.length)]} ${LAST_NAMES[Math.floor(random() * LAST_NAMES.length)]}`;
    } while (used.has(name));
    used.add(name);
    const email = i === 0 ? DEMO_SELLER.email : `${slug(name)}@demo.local`;
    return {
      name,
      email,
      role: 'seller' as const,
      branchId: branchIds[i % branchIds.length]!,
      passwordHash,
      // A few inactive accounts, never the well-known one.
      active: i === 0 || i % 17 !== 0,
      createdAt: new Date(now.getTime() - (SELLER_COUNT - i) * 2 * DAY),
    };
  });
}

function slug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '');
}

/** Post pictures and stories with views (demo/media.ts), with their own random sequence. */
async function seedMedia(
  tx: Tx,
  storage: Storage,
  input: { postRows: { id: number; createdAt: Date }[]; sellerIds: number[]; branchIds: number[]; now: Date },
) {
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  await seedDemoMedia(tx, {
    ...input,
    storage,
    storyAuthorId: admin?.id ?? input.sellerIds[0]!,
    random: mulberry32(20_261_122),
  });
}
