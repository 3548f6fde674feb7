import { DEFAULT_TIMEZONE } from '@panel/shared';
import { count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { branches } from '../db/schema/branches.ts';
import { events, eventTypes } from '../db/schema/events.ts';
import { notifications, notificationTypes } from '../db/schema/notifications.ts';
import { postComments, postLikes, posts, postViews } from '../db/schema/posts.ts';
import { users } from '../db/schema/users.ts';
import { hashPassword } from '../services/auth/passwords.ts';
import { scheduleJob } from '../services/scheduling/jobs.ts';
import type { Storage } from '../services/storage/storage.ts';
import {
  DEMO_BRANCHES,
  DEMO_COMMENTS,
  DEMO_EVENT_TYPES,
  DEMO_EVENTS,
  DEMO_NOTIFICATION_TYPES,
  DEMO_NOTIFICATIONS,
  DEMO_OLDER_POSTS,
  DEMO_POSTS,
  FIRST_NAMES,
  LAST_NAMES,
} from './data.ts';
import { seedDemoMedia } from './media.ts';
import { seedDemoPoints } from './points.ts';
import { mulberry32 } from './random.ts';
import { localDate, seedScheduleDemo, zonedInstant } from './schedule.ts';
import { seedDemoSurveys } from './surveys.ts';
import { seedTargets } from './targets.ts';
import { seedDemoNotificationReads, seedDemoVisits } from './visits.ts';

export const DEMO_SELLER = { email: 'vendedor@demo.local', password: 'vendedor-demo-2026' } as const;
/** The demo's branch manager ("Encargado de sucursal", docs/product.md#branch-managers), of the first branch. */
export const DEMO_MANAGER = {
  email: 'encargada@demo.local',
  password: 'encargada-demo-2026',
  name: 'Elena Encargada',
} as const;
const SELLER_COUNT = 60;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface DemoSeedResult {
  seeded: boolean;
  branches?: number;
  sellers?: number;
}

/**
 * Seeds demo data when the database has neither branches nor sellers (SEED_DEMO=1). Hours of the
 * day (events, older posts) are wall-clock hours of `timeZone`, the business time zone.
 */
export async function seedDemoIfEmpty(
  db: Db,
  now = new Date(),
  storage?: Storage,
  timeZone: string = DEFAULT_TIMEZONE,
): Promise<DemoSeedResult> {
  const [b] = await db.select({ n: count() }).from(branches);
  const [s] = await db.select({ n: count() }).from(users).where(eq(users.role, 'seller'));
  if ((b?.n ?? 0) > 0 || (s?.n ?? 0) > 0) return { seeded: false };
  // One hash for every demo seller: they share the password, and 60 scrypt runs would take ~20 s.
  const passwordHash = await hashPassword(DEMO_SELLER.password);
  const managerHash = await hashPassword(DEMO_MANAGER.password);
  return db.transaction(async (tx) => {
    const result = await seed(tx, passwordHash, now, timeZone, storage);
    await seedManager(tx, managerHash, now);
    return result;
  });
}

/**
 * The demo's branch manager, of the first branch: added after everything else, so the demo's sellers,
 * their activity and the random sequences behind them stay as they were.
 */
async function seedManager(tx: Tx, passwordHash: string, now: Date) {
  const [first] = await tx.select({ id: branches.id }).from(branches).orderBy(branches.id).limit(1);
  if (!first) return;
  await tx.insert(users).values({
    name: DEMO_MANAGER.name,
    email: DEMO_MANAGER.email,
    role: 'branch_manager',
    branchId: first.id,
    passwordHash,
    createdAt: new Date(now.getTime() - 90 * DAY),
  });
}

async function seed(
  tx: Tx,
  passwordHash: string,
  now: Date,
  timeZone: string,
  storage?: Storage,
): Promise<DemoSeedResult> {
  const random = mulberry32(20_260_101);
  // Its own sequence for spreading activity over the month, so the rest of the demo stays as it was.
  const spread = mulberry32(20_261_127);
  /** The instant of a local hour (and minute) `days` business days from today. */
  const localAt = (days: number, hour: number, minute = 0) => {
    const d = localDate(now, days, timeZone);
    return new Date(zonedInstant(d.year, d.month, d.day, hour, timeZone).getTime() + minute * 60_000);
  };
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
  await tx.insert(events).values(
    // At office hours of the business time zone, whatever the hour the demo was seeded at.
    DEMO_EVENTS.map(([days, hour, type, title, description], i) => {
      const start = localAt(days, hour);
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

  // Written on a Friday for Monday: "Programada" in Notificaciones and in the Calendario until then.
  const announcement = localAt(3, 8);
  const [scheduled] = await tx
    .insert(notifications)
    .values({
      notificationTypeId: notificationTypeRows[0]!.id,
      branchId: null,
      title: 'Arranca la línea de limpiadores concentrados',
      message:
        'Desde hoy podés ofrecer la nueva línea en todas las sucursales. Consultá precios y presentaciones con tu encargado.',
      createdAt: now,
      publishAt: announcement,
    })
    .returning({ id: notifications.id });
  await scheduleJob(tx, 'notification', scheduled!.id, announcement);

  await seedScheduleDemo(tx, now, branchIds, timeZone);

  // The curated posts of the last three days, then older ones back to a month ago at office hours,
  // so the dashboard's 30-day chart has activity on every day instead of only at its end.
  const olderPosts = DEMO_OLDER_POSTS.map((content, j) => ({
    content,
    createdAt: localAt(
      -(3 + Math.round((j * 26) / (DEMO_OLDER_POSTS.length - 1))),
      8 + Math.floor(spread() * 11),
      Math.floor(spread() * 60),
    ),
  }));
  const postRows = await tx
    .insert(posts)
    .values(
      [
        ...DEMO_POSTS.map((content, i) => ({ content, createdAt: ago((i + 1) * 9 * HOUR) })),
        ...olderPosts,
      ].map(({ content, createdAt }, i) => {
        const author = sellerRows[(i * 7) % sellerRows.length]!;
        return { userId: author.id, content, branchId: i % 2 === 0 ? null : author.branchId, createdAt };
      }),
    )
    .returning({ id: posts.id, createdAt: posts.createdAt, userId: posts.userId, branchId: posts.branchId });
  /** `base` plus up to `days` more (mostly early), never later than a minute ago. */
  const later = (base: number, days: number) => {
    const latest = now.getTime() - 60_000;
    if (base >= latest) return new Date(latest);
    const wanted = base + spread() * spread() * days * DAY;
    return new Date(wanted <= latest ? wanted : base + spread() * (latest - base));
  };
  const likes: (typeof postLikes.$inferInsert)[] = [];
  const comments: (typeof postComments.$inferInsert)[] = [];
  // A post for one branch is liked and commented by that branch's sellers: the others never see it.
  const audienceOf = (branchId: number | null) =>
    branchId === null ? sellerIds : sellerRows.filter((r) => r.branchId === branchId).map((r) => r.id);
  for (const post of postRows) {
    const audience = audienceOf(post.branchId);
    const likers = new Set(Array.from({ length: between(3, 15) }, () => pick(audience)));
    for (const userId of likers)
      likes.push({
        postId: post.id,
        userId,
        createdAt: later(post.createdAt.getTime() + between(1, 8) * HOUR, 4),
      });
    for (let c = between(0, 3); c > 0; c--) {
      comments.push({
        postId: post.id,
        userId: pick(audience),
        content: pick(DEMO_COMMENTS),
        createdAt: later(post.createdAt.getTime() + c * HOUR, 2),
      });
    }
  }
  await tx.insert(postLikes).values(likes);
  if (comments.length > 0) await tx.insert(postComments).values(comments);
  await tx.insert(postViews).values(demoPostViews(postRows, sellers, sellerRows, likes, comments, now));
  await seedDemoVisits(tx, {
    sellers: sellerRows.map((r, i) => ({
      ...r,
      active: sellers[i]!.active,
      createdAt: sellers[i]!.createdAt,
    })),
    branchIds,
    now,
    timeZone,
  });
  await seedDemoNotificationReads(tx, {
    sellers: sellerRows.map((r, i) => ({ ...r, active: sellers[i]!.active })),
    branchIds,
    now,
  });

  await seedDemoSurveys(tx, { sellers: sellerRows, branchIds, now, random, timeZone });
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

/**
 * "Vista por N de M" that reads like a real week: whoever liked or commented saw the post first; of the
 * rest of its audience (the active sellers who see it), about a third saw yesterday's post, most of them
 * a week-old one, never everyone. Its own random sequence, so the rest of the demo stays as it was.
 */
function demoPostViews(
  postRows: { id: number; createdAt: Date; branchId: number | null }[],
  sellers: { active: boolean }[],
  sellerRows: { id: number; branchId: number | null }[],
  likes: { postId: number; userId: number; createdAt?: Date }[],
  comments: { postId: number; userId: number; createdAt?: Date }[],
  now: Date,
): (typeof postViews.$inferInsert)[] {
  const random = mulberry32(20_261_203);
  const latest = now.getTime() - 60_000;
  const rows = new Map<string, typeof postViews.$inferInsert>();
  const add = (postId: number, userId: number, at: number) => {
    const key = `${postId}:${userId}`;
    const viewedAt = new Date(Math.min(at, latest));
    const seen = rows.get(key);
    if (!seen || seen.viewedAt! > viewedAt) rows.set(key, { postId, userId, viewedAt });
  };
  // Seen a little before the like or comment.
  for (const r of [...likes, ...comments])
    add(r.postId, r.userId, (r.createdAt ?? now).getTime() - 5 * 60_000);
  for (const post of postRows) {
    const ageDays = (now.getTime() - post.createdAt.getTime()) / DAY;
    const share = Math.min(0.9, 0.3 + 0.1 * ageDays);
    sellerRows.forEach((seller, i) => {
      if (!sellers[i]!.active) return;
      if (post.branchId !== null && seller.branchId !== post.branchId) return;
      if (random() >= share) return;
      // Mostly within hours of its publication.
      const after = random() * random() * Math.min(ageDays, 3) * DAY;
      add(post.id, seller.id, post.createdAt.getTime() + 60_000 + after);
    });
  }
  return [...rows.values()];
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
