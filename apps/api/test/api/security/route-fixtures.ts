import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { notifications, notificationTypes } from '../../../src/db/schema/notifications.ts';
import { surveys } from '../../../src/db/schema/surveys.ts';
import { monthlyVolumes } from '../../../src/db/schema/targets.ts';
import { users } from '../../../src/db/schema/users.ts';
import {
  bearer,
  createBranch,
  createBrand,
  createComment,
  createEvent,
  createStory,
  createSupplier,
  createSurvey,
  createSurveyQuestion,
  pointActionId,
} from '../../../src/testing/factories.ts';
import { formData, makeImage } from '../../../src/testing/images.ts';
import type { TestContext } from '../../../src/testing/test-app.ts';

/** One operation of the live OpenAPI document. */
export interface Operation {
  key: string;
  method: string;
  path: string;
  xAccess: string;
  /** The content types of its request body, if it declares one. */
  consumes: string[];
  /** Its query parameters. */
  query: string[];
}

export async function readOperations(ctx: TestContext): Promise<Operation[]> {
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  type Op = {
    'x-access'?: string;
    requestBody?: { content: object };
    parameters?: { in: string; name: string }[];
  };
  return Object.entries(doc.paths as Record<string, Record<string, Op>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      xAccess: String(op['x-access']),
      consumes: Object.keys(op.requestBody?.content ?? {}),
      query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    })),
  );
}

/** A POST twin of a PUT route (method override) is called as the PUT it stands for: that PUT's key. */
export const putTwinOf = (operations: Operation[], op: Operation) =>
  op.method === 'POST' && operations.some((o) => o.key === `PUT ${op.path}`) ? `PUT ${op.path}` : null;

/** One call of an operation: its URL (with real ids), its body and any extra headers. */
export interface OperationCall {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

/** Calls `op` as `token`; `twin` (a POST twin of a PUT, putTwinOf) goes with the method override. */
export function callOperation(
  ctx: TestContext,
  op: Operation,
  call: OperationCall,
  token: string,
  twin: boolean,
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: op.method as 'POST',
    url: call.url,
    payload: call.payload as string,
    headers: { ...bearer(token), ...(twin ? { 'x-http-method-override': 'PUT' } : {}), ...call.headers },
  });
}

/** The branch of seedRouteRows' records (`own`) and another one with no record of theirs (`other`). */
export async function seededBranches(ctx: TestContext): Promise<{ own: number; other: number }> {
  const [seller] = await ctx.db
    .select({ branchId: users.branchId })
    .from(users)
    .where(eq(users.id, ctx.seller.id));
  return { own: seller!.branchId!, other: (await createBranch(ctx.db)).id };
}

/**
 * Real rows behind every path parameter, so a call that is let in reaches the handler and its
 * rules (and a write that slipped through would change real data). Returns `urlOf(path)`.
 */
export async function seedRouteRows(ctx: TestContext) {
  const db = ctx.db;
  const ids: Record<string, number> = {};
  // Every record of one branch, the seller's: a branch manager of it reaches them, another one does not.
  const branchId = (await createBranch(db)).id;
  ids.branch = branchId;
  await db.update(users).set({ branchId }).where(eq(users.id, ctx.seller.id));
  ids.supplier = (await createSupplier(db)).id;
  ids.brand = (await createBrand(db)).id;
  const event = await createEvent(db, new Date(Date.now() + 86_400_000), { branchId });
  ids.event = event.id;
  ids.eventType = event.eventTypeId;
  const survey = await createSurvey(db);
  await db.update(surveys).set({ branchId }).where(eq(surveys.id, survey.id));
  ids.survey = survey.id;
  ids.question = (await createSurveyQuestion(db, survey.id, '¿Te sirvió la capacitación?')).id;
  const [type] = await db.insert(notificationTypes).values({ name: 'Aviso' }).returning();
  ids.notificationType = type!.id;
  const [notification] = await db
    .insert(notifications)
    .values({
      notificationTypeId: type!.id,
      title: 'Hola',
      message: 'Mensaje',
      createdBy: ctx.admin.id,
      branchId,
    })
    .returning();
  ids.notification = notification!.id;
  const [volume] = await db
    .insert(monthlyVolumes)
    .values({ userId: ctx.seller.id, year: 2026, month: 3, targetAmount: '1000.00' })
    .returning();
  ids.volume = volume!.id;
  ids.pointAction = await pointActionId(db, 'like_post');
  ids.story = (await createStory(db, ctx.admin.id, { branchId })).id;

  // A post made through the real upload, so /api/files/{key} serves a real file.
  const png = await makeImage('png', { width: 64, height: 64 });
  const form = formData({ content: 'Publicación de las pruebas de seguridad', branch_id: String(branchId) });
  form.append('images[]', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'foto.png');
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/posts',
    payload: form,
    headers: bearer(ctx.admin.token),
  });
  expect(created.statusCode, created.body).toBe(201);
  const post = created.json().data as { id: number; images: { url: string }[] };
  ids.post = post.id;
  const fileKey = post.images[0]!.url.replace('/api/files/', '');
  // The seller's own comment: the app's edit and delete reach their handler for its author.
  ids.comment = (await createComment(db, post.id, ctx.seller.id)).id;

  const idByResource: Record<string, number | undefined> = {
    users: ctx.seller.id,
    branches: ids.branch,
    volume: ids.volume,
    suppliers: ids.supplier,
    brands: ids.brand,
    posts: ids.post,
    stories: ids.story,
    'notification-types': ids.notificationType,
    notifications: ids.notification,
    'event-types': ids.eventType,
    events: ids.event,
    'point-actions': ids.pointAction,
    surveys: ids.survey,
    comments: ids.comment,
  };

  /** The URL of an operation with a real id (or file key) in each path parameter. */
  return function urlOf(path: string): string {
    const parts = path.split('/');
    const nested =
      path.startsWith('/api/admin/') || path.startsWith('/api/user/') || path.startsWith('/api/app/');
    const resource = parts[nested ? 3 : 2] ?? '';
    return path
      .replace('{key}', fileKey)
      .replace('{questionId}', String(ids.question))
      .replace('{id}', String(idByResource[resource]));
  };
}
