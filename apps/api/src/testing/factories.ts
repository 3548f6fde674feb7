import { base, en, es, Faker } from '@faker-js/faker';
import type { TRole } from '@panel/shared';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { branches } from '../db/schema/branches.ts';
import { brands, suppliers } from '../db/schema/catalog.ts';
import { events, eventTypes } from '../db/schema/events.ts';
import { pointActions, pointTransactions } from '../db/schema/points.ts';
import { postComments, postLikes, posts } from '../db/schema/posts.ts';
import { stories, storyViews } from '../db/schema/stories.ts';
import { surveyQuestions, surveyResponses, surveys } from '../db/schema/surveys.ts';
import { users } from '../db/schema/users.ts';
import { createSecretBox } from '../lib/secret-box.ts';
import { createSession, type SessionOrigin } from '../services/auth/sessions.ts';
import { insertUser } from '../services/users/records.ts';

/** Spanish-locale faker, seeded so a failing test sees the same data again (each file: reseed-faker.ts). */
export const faker = new Faker({ locale: [es, en, base] });
export const FAKER_SEED = 2026;
faker.seed(FAKER_SEED);

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

export const TEST_PASSWORD = 'clave-de-prueba-1';

export interface UserFixture {
  id: number;
  email: string;
  password: string;
  role: TRole;
}

export async function createUser(
  db: Db,
  overrides: Partial<{
    name: string;
    email: string;
    password: string;
    role: TRole;
    branchId: number | null;
    active: boolean;
  }> = {},
): Promise<UserFixture> {
  const first = faker.person.firstName();
  const last = faker.person.lastName();
  const email =
    overrides.email ?? `${faker.helpers.slugify(`${first}.${last}`).toLowerCase()}.${unique()}@prueba.test`;
  const password = overrides.password ?? TEST_PASSWORD;
  const role = overrides.role ?? 'seller';
  const id = await insertUser(db, {
    name: overrides.name ?? `${first} ${last}`,
    email,
    password,
    role,
    branch_id: overrides.branchId ?? null,
    active: overrides.active ?? true,
  });
  return { id, email: email.toLowerCase(), password, role };
}

/**
 * A body POST /api/users accepts: a seller of `branchId`, or with null an administrator (no branch).
 * `tag` makes the address unique.
 */
export const newUserBody = (tag: string, branchId: number | null) =>
  branchId === null
    ? {
        name: 'Administradora',
        email: `a${tag}@empresa.com.ar`,
        password: 'clave-larga-segura-1',
        role: 'admin',
      }
    : {
        name: 'Vendedora',
        email: `v${tag}@empresa.com.ar`,
        password: 'clave-larga-segura-1',
        role: 'seller',
        branch_id: branchId,
      };

/** A body POST /api/admin/surveys accepts: active, for every branch, 15 points, no dates. */
export const newSurveyBody = <Q extends object>(title: string, questions: Q[]) => ({
  title,
  description: 'Para todos',
  active: true,
  branch_id: 0,
  points_reward: 15,
  start_date: null,
  end_date: null,
  reminder_minutes: null,
  questions,
});

export const createAdmin = (db: Db, overrides: Parameters<typeof createUser>[1] = {}) =>
  createUser(db, { ...overrides, role: 'admin' });

/** A branch manager ("Encargado de sucursal") of `branchId` (docs/product.md#branch-managers). */
export const createManager = (db: Db, branchId: number, overrides: Parameters<typeof createUser>[1] = {}) =>
  createUser(db, { ...overrides, role: 'branch_manager', branchId });

/**
 * The scene of a branch manager's tests: their branch (`own`), another one (`other`), and the manager of the
 * first with a session (`managerToken`).
 */
export async function managerScene(db: Db): Promise<{ own: number; other: number; managerToken: string }> {
  const own = (await createBranch(db)).id;
  const other = (await createBranch(db)).id;
  return { own, other, managerToken: await tokenFor(db, (await createManager(db, own)).id) };
}

/** A session token without going through /api/login (fast, and no rate limit involved). */
export async function tokenFor(
  db: Db,
  userId: number,
  now = new Date(),
  origin?: SessionOrigin,
): Promise<string> {
  return createSession(db, userId, now, origin);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A new seller of `branchId` (null: every branch) with a session opened at `now`: id, name and token. */
export async function createSellerWithToken(db: Db, branchId: number | null, now = new Date()) {
  const u = await createUser(db, { branchId });
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, u.id));
  return { id: u.id, name: row!.name, token: await tokenFor(db, u.id, now) };
}

/** The active sellers there are: an audience count starts from the ones a test context made itself. */
export async function countActiveSellers(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'seller'), eq(users.active, true)));
  return row!.n;
}

export async function createBranch(
  db: Db,
  overrides: Partial<{
    name: string;
    city: string | null;
    address: string | null;
    connectionString: string;
  }> = {},
  appSecret?: string,
) {
  const box = appSecret ? createSecretBox(appSecret) : null;
  const [row] = await db
    .insert(branches)
    .values({
      name: overrides.name ?? `Sucursal ${faker.location.city()} ${unique()}`,
      city: overrides.city === undefined ? faker.location.city() : overrides.city,
      address: overrides.address === undefined ? faker.location.streetAddress() : overrides.address,
      connectionStringEnc: overrides.connectionString && box ? box.encrypt(overrides.connectionString) : null,
    })
    .returning();
  return row!;
}

export async function createEventType(db: Db) {
  const [row] = await db
    .insert(eventTypes)
    .values({ name: `Tipo ${unique()}` })
    .returning();
  return row!;
}

export async function createEvent(
  db: Db,
  startAt: Date,
  overrides: Partial<{ branchId: number | null }> = {},
) {
  const type = await createEventType(db);
  const [row] = await db
    .insert(events)
    .values({
      eventTypeId: type.id,
      branchId: overrides.branchId ?? null,
      title: faker.lorem.words(3),
      startAt,
      endAt: new Date(startAt.getTime() + 60 * 60 * 1000),
    })
    .returning();
  return row!;
}

export async function createPost(
  db: Db,
  userId: number,
  overrides: Partial<{ branchId: number | null; createdAt: Date; content: string; publishAt: Date }> = {},
) {
  const [row] = await db
    .insert(posts)
    .values({
      userId,
      content: overrides.content ?? faker.lorem.sentence(),
      branchId: overrides.branchId ?? null,
      // Scheduled: the record alone (its scheduled job is the route's to write; a move or "publish now" takes it without).
      publishAt: overrides.publishAt ?? null,
      ...(overrides.createdAt ? { createdAt: overrides.createdAt, updatedAt: overrides.createdAt } : {}),
    })
    .returning();
  return row!;
}

export async function createLike(db: Db, postId: number, userId: number, createdAt?: Date) {
  const [row] = await db
    .insert(postLikes)
    .values({ postId, userId, ...(createdAt ? { createdAt } : {}) })
    .returning();
  return row!;
}

export async function createComment(
  db: Db,
  postId: number,
  userId: number,
  options: Partial<{ content: string; createdAt: Date }> | Date = {},
) {
  const overrides = options instanceof Date ? { createdAt: options } : options;
  const [row] = await db
    .insert(postComments)
    .values({
      postId,
      userId,
      content: overrides.content ?? faker.lorem.sentence(),
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    })
    .returning();
  return row!;
}

export async function createSurvey(db: Db, overrides: Partial<{ title: string }> = {}) {
  const [row] = await db
    .insert(surveys)
    .values({ title: overrides.title ?? `Encuesta ${unique()}`, active: true })
    .returning();
  return row!;
}

/** A required yes/no question of the survey. */
export async function createSurveyQuestion(db: Db, surveyId: number, questionText = '¿Sirvió?') {
  const [row] = await db
    .insert(surveyQuestions)
    .values({ surveyId, questionText, type: 'boolean', required: true })
    .returning();
  return row!;
}

/** A survey answered by the user (the response row only). */
export async function createSurveyResponse(db: Db, surveyId: number, userId: number, createdAt?: Date) {
  const [row] = await db
    .insert(surveyResponses)
    .values({ surveyId, userId, ...(createdAt ? { createdAt } : {}) })
    .returning();
  return row!;
}

export async function createPointTransaction(db: Db, userId: number, points: number) {
  const [row] = await db
    .insert(pointTransactions)
    .values({ userId, points, description: 'Prueba', referenceType: 'test', referenceId: unique() })
    .returning();
  return row!;
}

export async function createSupplier(
  db: Db,
  overrides: Partial<{ code: string; businessName: string }> = {},
) {
  const [row] = await db
    .insert(suppliers)
    .values({
      code: overrides.code ?? `SUP${unique().toUpperCase()}`,
      businessName: overrides.businessName ?? `${faker.company.name()} ${unique()} S.A.`,
    })
    .returning();
  return row!;
}

export async function createBrand(db: Db, overrides: Partial<{ code: string; name: string }> = {}) {
  const [row] = await db
    .insert(brands)
    .values({
      code: overrides.code ?? `BR${unique().toUpperCase()}`,
      name: overrides.name ?? `${faker.commerce.productName()} ${unique()}`,
    })
    .returning();
  return row!;
}

// Activity and ledger rows for the reports (leaderboard, Historial, dashboards), written directly.

export async function createStory(
  db: Db,
  createdBy: number,
  overrides: Partial<{ branchId: number | null; publishAt: Date }> = {},
) {
  const [row] = await db
    .insert(stories)
    .values({
      title: faker.lorem.words(3),
      imageKey: `test/${unique()}.webp`,
      createdBy,
      branchId: overrides.branchId ?? null,
      // Scheduled: the record alone, as createPost's.
      publishAt: overrides.publishAt ?? null,
    })
    .returning();
  return row!;
}

export async function createStoryView(db: Db, storyId: number, userId: number, viewedAt = new Date()) {
  const [row] = await db.insert(storyViews).values({ storyId, userId, viewedAt }).returning();
  return row!;
}

/** The id of a point action by key (the built-in ones exist in every test context). */
export async function pointActionId(db: Db, key: string): Promise<number> {
  const [row] = await db.select({ id: pointActions.id }).from(pointActions).where(eq(pointActions.key, key));
  if (!row) throw new Error(`No point action "${key}"`);
  return row.id;
}

/** A ledger row as the engine would write it; `actionKey: null` is a credit no action gave. */
export async function createTransaction(
  db: Db,
  userId: number,
  overrides: Partial<{
    actionKey: string | null;
    points: number;
    description: string | null;
    referenceType: string | null;
    referenceId: string | null;
    createdAt: Date;
  }> = {},
) {
  const actionKey = overrides.actionKey === undefined ? 'like_post' : overrides.actionKey;
  const [row] = await db
    .insert(pointTransactions)
    .values({
      userId,
      pointActionId: actionKey === null ? null : await pointActionId(db, actionKey),
      points: overrides.points ?? 10,
      description: overrides.description === undefined ? null : overrides.description,
      referenceType: overrides.referenceType === undefined ? 'post' : overrides.referenceType,
      referenceId: overrides.referenceId === undefined ? unique() : overrides.referenceId,
      createdAt: overrides.createdAt ?? new Date(),
    })
    .returning();
  return row!;
}
