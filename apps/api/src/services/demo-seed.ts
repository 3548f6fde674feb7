import { count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { branches } from '../db/schema/branches.ts';
import { brands, suppliers } from '../db/schema/catalog.ts';
import { events, eventTypes } from '../db/schema/events.ts';
import { notifications, notificationTypes } from '../db/schema/notifications.ts';
import { pointActions, pointTransactions } from '../db/schema/points.ts';
import { postComments, postLikes, posts } from '../db/schema/posts.ts';
import { monthlyTargetUnits, monthlyVolumes } from '../db/schema/targets.ts';
import { users } from '../db/schema/users.ts';
import {
  DEMO_BRANCHES,
  DEMO_BRANDS,
  DEMO_COMMENTS,
  DEMO_EVENT_TYPES,
  DEMO_EVENTS,
  DEMO_NOTIFICATION_TYPES,
  DEMO_NOTIFICATIONS,
  DEMO_POSTS,
  DEMO_SUPPLIERS,
  FIRST_NAMES,
  LAST_NAMES,
} from './demo-data.ts';
import { seedDemoSurveys } from './demo-seed-surveys.ts';
import { hashPassword } from './passwords.ts';

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
export async function seedDemoIfEmpty(db: Db, now = new Date()): Promise<DemoSeedResult> {
  const [b] = await db.select({ n: count() }).from(branches);
  const [s] = await db.select({ n: count() }).from(users).where(eq(users.role, 'seller'));
  if ((b?.n ?? 0) > 0 || (s?.n ?? 0) > 0) return { seeded: false };
  // One hash for every demo seller: they share the password, and 60 scrypt runs would take ~20 s.
  const passwordHash = await hashPassword(DEMO_SELLER.password);
  return db.transaction((tx) => seed(tx, passwordHash, now));
}

async function seed(tx: Tx, passwordHash: string, now: Date): Promise<DemoSeedResult> {
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

  const supplierRows = await tx
    .insert(suppliers)
    .values([...DEMO_SUPPLIERS])
    .returning({ id: suppliers.id });
  const brandRows = await tx
    .insert(brands)
    .values([...DEMO_BRANDS])
    .returning({ id: brands.id });

  // Targets for the current year: money per month for everyone, units for a few sellers.
  const year = now.getUTCFullYear();
  const volumes = sellerIds.flatMap((userId) =>
    Array.from({ length: 12 }, (_, i) => ({
      userId,
      year,
      month: i + 1,
      targetAmount: (between(500, 2000) * 1000).toFixed(2),
    })),
  );
  await tx.insert(monthlyVolumes).values(volumes);
  const units = sellerIds.slice(0, 10).flatMap((userId, i) =>
    Array.from({ length: 12 }, (_, m) => ({
      userId,
      supplierId: supplierRows[i % supplierRows.length]!.id,
      brandId: brandRows[i % brandRows.length]!.id,
      year,
      month: m + 1,
      units: m % 5 === 4 ? null : between(50, 400),
    })),
  );
  await tx.insert(monthlyTargetUnits).values(units);

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
  const commentRows =
    comments.length > 0
      ? await tx
          .insert(postComments)
          .values(comments)
          .returning({ id: postComments.id, userId: postComments.userId, createdAt: postComments.createdAt })
      : [];

  await seedDemoSurveys(tx, { sellers: sellerRows, branchIds, now, random });
  await seedTransactions(tx, { sellerIds, postRows, likes, comments: commentRows, now, random });

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

/** Ledger rows consistent with the demo activity, as the points engine would have written them. */
async function seedTransactions(
  tx: Tx,
  input: {
    sellerIds: number[];
    postRows: { id: number; createdAt: Date; userId: number }[];
    likes: (typeof postLikes.$inferInsert)[];
    comments: { id: number; userId: number; createdAt: Date }[];
    now: Date;
    random: () => number;
  },
) {
  const actions = await tx
    .select({
      id: pointActions.id,
      key: pointActions.key,
      points: pointActions.points,
      name: pointActions.name,
    })
    .from(pointActions);
  const byKey = new Map(actions.map((a) => [a.key, a]));
  const rows: (typeof pointTransactions.$inferInsert)[] = [];
  const award = (key: string, userId: number, refType: string, refId: string, at: Date) => {
    const action = byKey.get(key);
    if (!action) return;
    rows.push({
      userId,
      pointActionId: action.id,
      points: action.points,
      description: action.name,
      referenceType: refType,
      referenceId: refId,
      createdAt: at,
    });
  };
  for (const userId of input.sellerIds) {
    for (let d = 1; d <= 14; d++) {
      if (input.random() < 0.6) {
        const at = new Date(input.now.getTime() - d * DAY);
        award('daily_login', userId, 'date', at.toISOString().slice(0, 10), at);
      }
    }
  }
  for (const post of input.postRows)
    award('create_post', post.userId, 'post', String(post.id), post.createdAt);
  for (const like of input.likes)
    award('like_post', like.userId, 'post', String(like.postId), like.createdAt as Date);
  for (const c of input.comments) award('comment_post', c.userId, 'comment', String(c.id), c.createdAt);
  if (rows.length > 0) await tx.insert(pointTransactions).values(rows);
}

function slug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '');
}

/** Small seeded PRNG: the same demo data on every machine. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
