import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, notificationTypes } from '../../../src/db/schema/notifications.ts';
import { sellerQuietHours } from '../../../src/db/schema/push.ts';
import { surveyQuestions } from '../../../src/db/schema/surveys.ts';
import { adminRowProblems, auditRows, lastAuditId } from '../../../src/testing/audit.ts';
import {
  bearer,
  createComment,
  createLike,
  createPost,
  createStory,
  createSurvey,
  TEST_PASSWORD,
} from '../../../src/testing/factories.ts';
import { formData, makeImage } from '../../../src/testing/images.ts';
import { browserKeys } from '../../../src/testing/push-service.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';
import {
  callOperation,
  type Operation,
  type OperationCall,
  putTwinOf,
  readOperations,
} from '../security/route-fixtures.ts';

/**
 * Issue 20, item 10: an administrator's writes through the routes sellers share (/api/app/*, and
 * the session's own) are audited like the panel's, by the same mechanism (plugins/audit.ts); a
 * seller's are not (docs/product.md#seller-calls). Every such write operation of the live OpenAPI document needs
 * an entry here, so a new one cannot ship unaudited.
 */
let ctx: TestContext;
let operations: Operation[];
beforeAll(async () => {
  ctx = await createTestContext();
  operations = await readOperations(ctx);
});
afterAll(() => ctx?.close());

interface Caller {
  id: number;
  token: string;
}
interface Expected {
  entity: string;
  action: 'create' | 'update' | 'delete';
  /** null: the id in the answer's `data.id`; 'any': whichever rows the write touched. */
  entityId: number | null | 'any';
  /** Fields that must be among the changes. */
  fields: string[];
}
type WriteSpec = (caller: Caller) => Promise<{ call: OperationCall; expected: Expected }>;

const db = () => ctx.db;
let seq = 0;
const n = () => ++seq;
const endpoint = () =>
  `https://fcm.googleapis.com/fcm/send/auditoria-${n()}-${randomBytes(6).toString('hex')}`;

async function notification(createdBy: number) {
  const [type] = await db()
    .insert(notificationTypes)
    .values({ name: `Aviso ${n()}` })
    .returning();
  const [row] = await db()
    .insert(notifications)
    .values({ notificationTypeId: type!.id, title: 'Hola', message: 'Mensaje', createdBy })
    .returning();
  return row!;
}

/** A real successful call for every write of the shared routes, made by `caller`. */
const WRITES: Record<string, WriteSpec> = {
  'POST /api/app/posts': async () => {
    const bytes = await makeImage('png', { width: 48, height: 48 });
    const form = formData({ content: 'Para todas las sucursales' }, [
      { field: 'images[]', name: 'foto.png', type: 'image/png', bytes },
    ]);
    return {
      call: { url: '/api/app/posts', payload: form },
      expected: { entity: 'posts', action: 'create', entityId: null, fields: ['content', 'user_id'] },
    };
  },
  'POST /api/app/posts/{id}/comments': async () => {
    const post = await createPost(db(), ctx.admin.id);
    return {
      call: {
        url: `/api/app/posts/${post.id}/comments`,
        payload: { content: 'Un comentario' },
        headers: { 'idempotency-key': `auditoria-${n()}` },
      },
      expected: { entity: 'post_comments', action: 'create', entityId: null, fields: ['content', 'post_id'] },
    };
  },
  'PUT /api/app/comments/{id}': async (caller) => {
    const post = await createPost(db(), ctx.admin.id);
    const comment = await createComment(db(), post.id, caller.id, { content: 'Antes' });
    return {
      call: { url: `/api/app/comments/${comment.id}`, payload: { content: 'Después' } },
      expected: { entity: 'post_comments', action: 'update', entityId: comment.id, fields: ['content'] },
    };
  },
  'DELETE /api/app/comments/{id}': async (caller) => {
    const post = await createPost(db(), ctx.admin.id);
    const comment = await createComment(db(), post.id, caller.id);
    return {
      call: { url: `/api/app/comments/${comment.id}` },
      expected: { entity: 'post_comments', action: 'delete', entityId: comment.id, fields: ['content'] },
    };
  },
  'POST /api/app/posts/{id}/like': async () => {
    const post = await createPost(db(), ctx.admin.id);
    return {
      call: { url: `/api/app/posts/${post.id}/like` },
      expected: { entity: 'post_likes', action: 'create', entityId: 'any', fields: ['post_id', 'user_id'] },
    };
  },
  'DELETE /api/app/posts/{id}/like': async (caller) => {
    const post = await createPost(db(), ctx.admin.id);
    const like = await createLike(db(), post.id, caller.id);
    return {
      call: { url: `/api/app/posts/${post.id}/like` },
      expected: { entity: 'post_likes', action: 'delete', entityId: like.id, fields: ['post_id'] },
    };
  },
  'POST /api/app/stories/{id}/view': async () => {
    const story = await createStory(db(), ctx.admin.id);
    return {
      call: { url: `/api/app/stories/${story.id}/view` },
      expected: { entity: 'story_views', action: 'create', entityId: 'any', fields: ['story_id'] },
    };
  },
  'POST /api/app/notifications/{id}/read': async () => {
    const row = await notification(ctx.admin.id);
    return {
      call: { url: `/api/app/notifications/${row.id}/read` },
      expected: {
        entity: 'notification_reads',
        action: 'create',
        entityId: 'any',
        fields: ['notification_id'],
      },
    };
  },
  'POST /api/app/notifications/read-all': async () => {
    await notification(ctx.admin.id);
    return {
      call: { url: '/api/app/notifications/read-all' },
      expected: {
        entity: 'notification_reads',
        action: 'create',
        entityId: 'any',
        fields: ['notification_id'],
      },
    };
  },
  'POST /api/app/surveys/{id}/responses': async () => {
    const survey = await createSurvey(db());
    const [question] = await db()
      .insert(surveyQuestions)
      .values({ surveyId: survey.id, questionText: '¿Sirvió?', type: 'boolean', required: true })
      .returning();
    return {
      call: {
        url: `/api/app/surveys/${survey.id}/responses`,
        payload: { answers: [{ question_id: question!.id, value: true }] },
      },
      expected: { entity: 'survey_responses', action: 'create', entityId: 'any', fields: ['survey_id'] },
    };
  },
  'POST /api/app/me/password': async (caller) => ({
    call: {
      url: '/api/app/me/password',
      payload: { current_password: TEST_PASSWORD, new_password: `otra-clave-${caller.id}-segura` },
    },
    // The hash reads "[oculto]" before and after (audit-trail.test.ts shows the secrets).
    expected: { entity: 'users', action: 'update', entityId: caller.id, fields: ['password_hash'] },
  }),
  'PUT /api/app/me/quiet-hours': async (caller) => {
    // Each call (the PUT and its POST twin) sets it anew.
    await db().delete(sellerQuietHours).where(eq(sellerQuietHours.userId, caller.id));
    return {
      call: { url: '/api/app/me/quiet-hours', payload: { quiet_hours: { start: '22:00', end: '08:00' } } },
      expected: {
        entity: 'seller_quiet_hours',
        action: 'create',
        entityId: 'any',
        fields: ['start_minute', 'end_minute'],
      },
    };
  },
  'POST /api/app/push/subscriptions': async () => ({
    call: { url: '/api/app/push/subscriptions', payload: { endpoint: endpoint(), keys: browserKeys() } },
    expected: {
      entity: 'push_subscriptions',
      action: 'create',
      entityId: null,
      fields: ['endpoint', 'auth'],
    },
  }),
  'DELETE /api/app/push/subscriptions': async (caller) => {
    const url = endpoint();
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/push/subscriptions',
      payload: { endpoint: url, keys: browserKeys() },
      headers: bearer(caller.token),
    });
    expect(made.statusCode).toBe(201);
    return {
      call: { url: '/api/app/push/subscriptions', payload: { endpoint: url } },
      expected: {
        entity: 'push_subscriptions',
        action: 'delete',
        entityId: made.json().data.id,
        fields: ['endpoint'],
      },
    };
  },
};

/**
 * Shared writes that touch no audited table: a sign-out ends a session, and sessions are not
 * records (docs/decisions/2026-11-24-audit-trail.md). They still run in the audited transaction.
 */
const NOTHING_AUDITED: Record<string, WriteSpec> = {
  'POST /api/logout': async () => ({
    call: { url: '/api/logout' },
    expected: { entity: 'sessions', action: 'update', entityId: 'any', fields: [] },
  }),
};

/** Writes of the routes sellers and administrators share. */
const sharedWrites = () =>
  operations.filter((o) => (o.xAccess === 'app' || o.xAccess === 'session') && o.method !== 'GET');

async function run(op: Operation, spec: WriteSpec, caller: Caller) {
  const twin = putTwinOf(operations, op);
  const { call, expected } = await spec(caller);
  const before = await lastAuditId(ctx.db);
  const res = await callOperation(ctx, op, call, caller.token, twin !== null);
  return { res, expected, rows: await auditRows(ctx.db, before), twin };
}

describe("an administrator's writes through the sellers' routes", () => {
  it('has an entry for every write of /api/app/* and the session routes in the OpenAPI document', () => {
    const writes = sharedWrites();
    expect(writes.length).toBeGreaterThanOrEqual(14);
    const known = { ...WRITES, ...NOTHING_AUDITED };
    const missing = writes.filter((o) => !known[putTwinOf(operations, o) ?? o.key]).map((o) => o.key);
    const stale = Object.keys(known).filter((k) => !writes.some((o) => o.key === k));
    expect(missing, 'shared writes without an entry').toEqual([]);
    expect(stale, 'entries for routes that are gone').toEqual([]);
  });

  it('each leaves audit rows naming the administrator, address, request, operation, record and fields', {
    timeout: 120_000,
  }, async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const op of sharedWrites()) {
      const spec = WRITES[putTwinOf(operations, op) ?? op.key];
      if (!spec) continue;
      const { res, expected, rows, twin } = await run(op, spec, ctx.admin);
      const label = `${op.key} → ${res.statusCode}`;
      if (res.statusCode >= 300) {
        failures.push(`${label}: the call did not succeed: ${res.body.slice(0, 300)}`);
        continue;
      }
      const operation = `${twin ? 'PUT' : op.method} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`;
      failures.push(...adminRowProblems(label, rows, ctx.admin, operation));
      const entityId =
        expected.entityId === null ? (res.json() as { data?: { id?: number } }).data?.id : expected.entityId;
      const match = rows.find(
        (r) =>
          r.entity === expected.entity &&
          r.action === expected.action &&
          (entityId === 'any' || r.entity_id === entityId) &&
          expected.fields.every((field) => field in r.changes),
      );
      if (!match)
        failures.push(
          `${label}: no ${expected.action} of ${expected.entity} #${entityId} with ${expected.fields.join(', ')}; got ${JSON.stringify(rows).slice(0, 500)}`,
        );
      checked++;
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(
      Object.keys(WRITES).length + sharedWrites().filter((o) => putTwinOf(operations, o)).length,
    );
  });

  it('a sign-out writes no audit row (sessions are not audited) and still answers', async () => {
    const op = sharedWrites().find((o) => o.key === 'POST /api/logout')!;
    const { res, rows } = await run(op, NOTHING_AUDITED['POST /api/logout']!, ctx.admin);
    expect(res.statusCode).toBe(204);
    expect(rows).toEqual([]);
  });
});

describe("a seller's writes through the same routes", () => {
  it('succeed and leave no audit row (docs/product.md#audit-trail: sellers are not audited)', {
    timeout: 120_000,
  }, async () => {
    const failures: string[] = [];
    for (const op of sharedWrites()) {
      const spec = WRITES[putTwinOf(operations, op) ?? op.key];
      if (!spec) continue;
      const { res, rows } = await run(op, spec, ctx.seller);
      if (res.statusCode >= 300) failures.push(`${op.key} → ${res.statusCode}: ${res.body.slice(0, 300)}`);
      if (rows.length > 0) failures.push(`${op.key}: ${rows.length} audit rows for a seller`);
    }
    expect(failures).toEqual([]);
  });
});
