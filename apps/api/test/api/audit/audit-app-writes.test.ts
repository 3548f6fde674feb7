import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, notificationTypes } from '../../../src/db/schema/notifications.ts';
import { sellerQuietHours } from '../../../src/db/schema/push.ts';
import { sessions } from '../../../src/db/schema/users.ts';
import {
  bearer,
  createComment,
  createLike,
  createPost,
  createStory,
  createSurvey,
  createSurveyQuestion,
  TEST_PASSWORD,
  tokenFor,
} from '../../../src/testing/factories.ts';
import { formData, makeImage } from '../../../src/testing/images.ts';
import { browserKeys } from '../../../src/testing/push-service.ts';
import type { TestContext } from '../../../src/testing/test-app.ts';
import { type Operation, putTwinOf } from '../security/route-fixtures.ts';
import {
  auditedCall,
  checkAdminWrites,
  expectEveryWriteCovered,
  openAudit,
  type WriteSpec,
  writeProblems,
} from './audited-writes.ts';

/**
 * Issue 20, item 10: an administrator's writes through the routes sellers share (/api/app/*, and
 * the session's own) are audited like the panel's, by the same mechanism (plugins/audit.ts); a
 * seller's are not (docs/product.md#seller-calls). Every such write operation of the live OpenAPI document needs
 * an entry here, so a new one cannot ship unaudited.
 */
let seq = 0;
const n = () => ++seq;

interface Caller {
  id: number;
  token: string;
}
type SharedWrite = WriteSpec<[Caller]>;

let ctx: TestContext;
let operations: Operation[];
beforeAll(async () => ({ ctx, operations } = await openAudit()));
afterAll(() => ctx?.close());

const db = () => ctx.db;
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
const WRITES: Record<string, SharedWrite> = {
  'POST /api/app/posts': async () => {
    const bytes = await makeImage('png', { width: 48, height: 48 });
    const form = formData({ content: 'Para todas las sucursales' }, [
      { field: 'images[]', name: 'foto.png', type: 'image/png', bytes },
    ]);
    return {
      call: { url: '/api/app/posts', payload: form },
      expected: { entity: 'posts', action: 'create', entityId: null, changes: ['content', 'user_id'] },
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
      expected: {
        entity: 'post_comments',
        action: 'create',
        entityId: null,
        changes: ['content', 'post_id'],
      },
    };
  },
  'PUT /api/app/comments/{id}': async (caller) => {
    const post = await createPost(db(), ctx.admin.id);
    const comment = await createComment(db(), post.id, caller.id, { content: 'Antes' });
    return {
      call: { url: `/api/app/comments/${comment.id}`, payload: { content: 'Después' } },
      expected: { entity: 'post_comments', action: 'update', entityId: comment.id, changes: ['content'] },
    };
  },
  'DELETE /api/app/comments/{id}': async (caller) => {
    const post = await createPost(db(), ctx.admin.id);
    const comment = await createComment(db(), post.id, caller.id);
    return {
      call: { url: `/api/app/comments/${comment.id}` },
      expected: { entity: 'post_comments', action: 'delete', entityId: comment.id, changes: ['content'] },
    };
  },
  'POST /api/app/posts/{id}/like': async () => {
    const post = await createPost(db(), ctx.admin.id);
    return {
      call: { url: `/api/app/posts/${post.id}/like` },
      expected: { entity: 'post_likes', action: 'create', entityId: 'any', changes: ['post_id', 'user_id'] },
    };
  },
  'DELETE /api/app/posts/{id}/like': async (caller) => {
    const post = await createPost(db(), ctx.admin.id);
    const like = await createLike(db(), post.id, caller.id);
    return {
      call: { url: `/api/app/posts/${post.id}/like` },
      expected: { entity: 'post_likes', action: 'delete', entityId: like.id, changes: ['post_id'] },
    };
  },
  'POST /api/app/stories/{id}/view': async () => {
    const story = await createStory(db(), ctx.admin.id);
    return {
      call: { url: `/api/app/stories/${story.id}/view` },
      expected: { entity: 'story_views', action: 'create', entityId: 'any', changes: ['story_id'] },
    };
  },
  // A story view through the batch is audited as the single call's; a post view is not audited
  // (post_views, docs/decisions/2026-12-03-views.md).
  'POST /api/app/views': async () => {
    const story = await createStory(db(), ctx.admin.id);
    const post = await createPost(db(), ctx.admin.id);
    return {
      call: { url: '/api/app/views', payload: { posts: [post.id], stories: [story.id] } },
      expected: { entity: 'story_views', action: 'create', entityId: 'any', changes: ['story_id'] },
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
        changes: ['notification_id'],
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
        changes: ['notification_id'],
      },
    };
  },
  'POST /api/app/surveys/{id}/responses': async () => {
    const survey = await createSurvey(db());
    const question = await createSurveyQuestion(db(), survey.id);
    return {
      call: {
        url: `/api/app/surveys/${survey.id}/responses`,
        payload: { answers: [{ question_id: question.id, value: true }] },
      },
      expected: { entity: 'survey_responses', action: 'create', entityId: 'any', changes: ['survey_id'] },
    };
  },
  'POST /api/app/me/password': async (caller) => ({
    call: {
      url: '/api/app/me/password',
      payload: { current_password: TEST_PASSWORD, new_password: `otra-clave-${caller.id}-segura` },
    },
    // The hash reads "[oculto]" before and after (audit-trail.test.ts shows the secrets).
    expected: { entity: 'users', action: 'update', entityId: caller.id, changes: ['password_hash'] },
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
        changes: ['start_minute', 'end_minute'],
      },
    };
  },
  'POST /api/app/push/subscriptions': async () => ({
    call: { url: '/api/app/push/subscriptions', payload: { endpoint: endpoint(), keys: browserKeys() } },
    expected: {
      entity: 'push_subscriptions',
      action: 'create',
      entityId: null,
      changes: ['endpoint', 'auth'],
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
        changes: ['endpoint'],
      },
    };
  },
};

/**
 * Shared writes audited whoever calls them, sellers included (`config.auditEveryone`): ending one's
 * own sessions (issue 30, section 4; docs/product.md#audit-trail).
 */
const EVERYONE: Record<string, SharedWrite> = {
  'DELETE /api/me/sessions/{id}': async (caller) => {
    await tokenFor(db(), caller.id);
    const [other] = await db()
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, caller.id), isNull(sessions.revokedAt)))
      .orderBy(desc(sessions.id))
      .limit(1);
    return {
      call: { url: `/api/me/sessions/${other!.id}` },
      expected: { entity: 'sessions', action: 'update', entityId: other!.id, changes: ['revoked_at'] },
    };
  },
  'POST /api/me/sessions/end-others': async (caller) => {
    await tokenFor(db(), caller.id);
    return {
      call: { url: '/api/me/sessions/end-others' },
      expected: { entity: 'sessions', action: 'update', entityId: 'any', changes: ['revoked_at'] },
    };
  },
};

/**
 * A sign-out ends the caller's own token, so it has a test of its own below: an administrator's
 * is audited (the ended session), a seller's is not.
 */
const OWN_TEST: Record<string, SharedWrite> = {
  'POST /api/logout': async () => ({
    call: { url: '/api/logout' },
    expected: { entity: 'sessions', action: 'update', entityId: 'any', changes: ['revoked_at'] },
  }),
};

/** Writes of the routes sellers and administrators share. */
const sharedWrites = () =>
  operations.filter((o) => (o.xAccess === 'app' || o.xAccess === 'session') && o.method !== 'GET');

async function run(op: Operation, spec: SharedWrite, caller: Caller) {
  const { call, expected } = await spec(caller);
  return { ...(await auditedCall(ctx, operations, op, call, caller.token)), expected };
}

describe("an administrator's writes through the sellers' routes", () => {
  it('has an entry for every write of /api/app/* and the session routes in the OpenAPI document', () => {
    expectEveryWriteCovered(operations, sharedWrites(), { ...WRITES, ...EVERYONE, ...OWN_TEST }, 16);
  });

  it('each leaves audit rows naming the administrator, address, request, operation, record and fields', {
    timeout: 120_000,
  }, async () => {
    const specs = { ...WRITES, ...EVERYONE };
    const { failures, checked } = await checkAdminWrites(ctx, operations, sharedWrites(), specs, ctx.admin);
    expect(failures).toEqual([]);
    expect(checked).toBe(
      Object.keys(specs).length + sharedWrites().filter((o) => putTwinOf(operations, o)).length,
    );
  });

  it("a sign-out records the administrator's ended session and still answers", async () => {
    const op = sharedWrites().find((o) => o.key === 'POST /api/logout')!;
    const token = await tokenFor(db(), ctx.admin.id);
    const { call, expected } = await OWN_TEST['POST /api/logout']!(ctx.admin);
    const answer = await auditedCall(ctx, operations, op, call, token);
    expect(answer.res.statusCode).toBe(204);
    expect(writeProblems(operations, op, ctx.admin, answer, expected)).toEqual([]);
    expect(answer.rows).toHaveLength(1);
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

  it('ending their own sessions is audited for them too, naming the seller', async () => {
    const failures: string[] = [];
    for (const op of sharedWrites()) {
      const spec = EVERYONE[op.key];
      if (!spec) continue;
      const { call, expected } = await spec(ctx.seller);
      const answer = await auditedCall(ctx, operations, op, call, ctx.seller.token);
      failures.push(...writeProblems(operations, op, ctx.seller, answer, expected));
    }
    expect(failures).toEqual([]);
  });

  it('a sign-out leaves no audit row', async () => {
    const op = sharedWrites().find((o) => o.key === 'POST /api/logout')!;
    const token = await tokenFor(db(), ctx.seller.id);
    const { res, rows } = await auditedCall(ctx, operations, op, { url: '/api/logout' }, token);
    expect(res.statusCode).toBe(204);
    expect(rows).toEqual([]);
  });
});
