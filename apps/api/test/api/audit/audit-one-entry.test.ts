import { ZAuditEntry } from '@panel/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postImages } from '../../../src/db/schema/posts.ts';
import { surveyAnswers, surveyQuestions } from '../../../src/db/schema/surveys.ts';
import { users } from '../../../src/db/schema/users.ts';
import { auditRows } from '../../../src/testing/audit.ts';
import {
  bearer,
  createBranch,
  createComment,
  createLike,
  createPost,
  createSurvey,
  createSurveyResponse,
  createUser,
  newSurveyBody,
} from '../../../src/testing/factories.ts';
import { formData, makeImage } from '../../../src/testing/images.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

/**
 * Issue 28, item 17: one administrator's action is one entry in Auditoría, with what went with the
 * record inside it, and every entry names its record
 * (docs/decisions/2026-12-02-audit-one-entry-per-action.md). Before, bulk-deleting 4 posts wrote 25
 * rows (each image, like and comment removed by the cascade, credited to the admin), all "#id".
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
beforeEach(() => ctx.reset());

interface Entry {
  action: string;
  entity: string;
  entity_id: number | null;
  label: string | null;
  route: string | null;
  changes: Record<string, { before: unknown; after: unknown }>;
  cascade:
    | {
        entity: string;
        action: string;
        count: number;
        ids: number[];
        rows?: { id: number | null; changes: Record<string, { before: unknown; after: unknown }> }[];
      }[]
    | null;
}

/** Every entry as GET /api/audit answers it (checked against its schema), oldest first. */
async function entries(): Promise<Entry[]> {
  const res = await ctx.asAdmin('GET', '/api/audit?per_page=100&sort=at');
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as unknown[];
  for (const row of data) ZAuditEntry.parse(row);
  return data as Entry[];
}

/** A post by the seller with two images, a like from each user and two comments. */
async function postWithEverything(content: string) {
  const post = await createPost(ctx.db, ctx.seller.id, { content });
  const images = await ctx.db
    .insert(postImages)
    .values(
      [0, 1].map((position) => ({
        postId: post.id,
        position,
        storageKey: `ab/${post.id}-${position}.jpg`,
        mime: 'image/jpeg',
        size: 100,
      })),
    )
    .returning();
  const likes = [
    await createLike(ctx.db, post.id, ctx.seller.id),
    await createLike(ctx.db, post.id, ctx.admin.id),
  ];
  const comments = [
    await createComment(ctx.db, post.id, ctx.seller.id),
    await createComment(ctx.db, post.id, ctx.admin.id),
  ];
  return { post, images, likes, comments };
}

const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

describe('one action, one entry (issue 28, item 17)', () => {
  it('bulk-deleting 4 posts with images, likes and comments writes 4 entries, each named, with its cascade', async () => {
    const made = [];
    for (let i = 1; i <= 4; i++)
      made.push(
        await postWithEverything(`Publicación número ${i} con un texto bastante largo para cortarlo`),
      );
    const res = await ctx.asAdmin('POST', '/api/posts/bulk-delete', { ids: made.map((m) => m.post.id) });
    expect(res.statusCode, res.body).toBe(200);

    const rows = await auditRows(ctx.db);
    expect(rows, 'entries written').toHaveLength(4);
    expect(rows.every((r) => r.actor_id === ctx.admin.id && r.route === 'POST /api/posts/bulk-delete')).toBe(
      true,
    );

    const list = await entries();
    expect(list).toHaveLength(4);
    for (const { post, images, likes, comments } of made) {
      const entry = list.find((e) => e.entity_id === post.id);
      expect(entry, `entry of post ${post.id}`).toBeDefined();
      expect(entry!.entity).toBe('posts');
      expect(entry!.action).toBe('delete');
      const n = post.content.match(/\d/)![0];
      expect(entry!.label).toBe(`Publicación «Publicación número ${n} con un texto bastan…»`);
      expect(entry!.cascade).toEqual(
        expect.arrayContaining([
          { entity: 'post_images', action: 'delete', count: 2, ids: ids(images) },
          { entity: 'post_likes', action: 'delete', count: 2, ids: ids(likes) },
          { entity: 'post_comments', action: 'delete', count: 2, ids: ids(comments) },
        ]),
      );
      expect(entry!.cascade).toHaveLength(3);
    }
  });

  it('a single delete is one entry too, and nothing removed along with it is an entry of its own', async () => {
    const { post } = await postWithEverything('Hola a todos');
    expect((await ctx.asAdmin('DELETE', `/api/posts/${post.id}`)).statusCode).toBe(204);
    const list = await entries();
    expect(list.map((e) => [e.entity, e.label])).toEqual([['posts', 'Publicación «Hola a todos»']]);
    expect(list[0]!.cascade?.map((c) => [c.entity, c.count])).toEqual(
      expect.arrayContaining([
        ['post_images', 2],
        ['post_likes', 2],
        ['post_comments', 2],
      ]),
    );
  });

  it('a survey deleted with its questions, responses and answers is one entry, every level inside it', async () => {
    const survey = await createSurvey(ctx.db, { title: 'Clima laboral' });
    const questions = await ctx.db
      .insert(surveyQuestions)
      .values(
        [0, 1].map((order) => ({
          surveyId: survey.id,
          questionText: `Pregunta ${order}`,
          type: 'text' as const,
          order,
        })),
      )
      .returning();
    const response = await createSurveyResponse(ctx.db, survey.id, ctx.seller.id);
    await ctx.db
      .insert(surveyAnswers)
      .values(questions.map((q) => ({ responseId: response.id, questionId: q.id, value: 'Bien' })));
    expect((await ctx.asAdmin('DELETE', `/api/admin/surveys/${survey.id}`)).statusCode).toBe(204);
    const list = await entries();
    expect(list).toHaveLength(1);
    expect(list[0]!.label).toBe('Encuesta «Clima laboral»');
    const counts = Object.fromEntries(list[0]!.cascade!.map((c) => [c.entity, c.count]));
    expect(counts).toEqual({ survey_questions: 2, survey_responses: 1, survey_answers: 2 });
  });
});

describe('a record created or edited with what belongs to it is one entry (issue 28, item 17)', () => {
  const survey = newSurveyBody('Clima laboral', [
    { question_text: '¿Todo bien?', type: 'boolean', required: true },
    { question_text: '¿Qué mejorarías?', type: 'text', required: false },
    {
      question_text: '¿Cuál turno?',
      type: 'multiple_choice',
      required: true,
      options: ['Mañana', 'Tarde'],
    },
  ]);

  it('creating a post with 2 images is one entry, named, holding both images with their values', async () => {
    const png = await makeImage('png', { color: '#1971c2' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/posts',
      payload: formData({ content: 'Nueva exhibición en góndola' }, [
        { field: 'images[]', name: 'a.png', type: 'image/png', bytes: png },
        { field: 'images[]', name: 'b.png', type: 'image/png', bytes: png },
      ]),
      headers: bearer(ctx.admin.token),
    });
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json().data as { id: number };
    const images = await ctx.db.select().from(postImages).where(eq(postImages.postId, post.id));
    expect(images).toHaveLength(2);

    const list = await entries();
    expect(list.map((e) => [e.action, e.entity, e.label])).toEqual([
      ['create', 'posts', 'Publicación «Nueva exhibición en góndola»'],
    ]);
    const [entry] = list;
    expect(entry!.entity_id).toBe(post.id);
    expect(entry!.changes.content).toEqual({ before: null, after: 'Nueva exhibición en góndola' });
    expect(entry!.cascade).toHaveLength(1);
    const group = entry!.cascade![0]!;
    expect(group).toMatchObject({ entity: 'post_images', action: 'create', count: 2, ids: ids(images) });
    // What each image's own entry showed is inside: every value it was created with.
    expect(group.rows!.map((r) => r.id).sort((a, b) => a! - b!)).toEqual(ids(images));
    for (const image of images) {
      const row = group.rows!.find((r) => r.id === image.id)!;
      expect(row.changes).toMatchObject({
        post_id: { before: null, after: post.id },
        position: { before: null, after: image.position },
        storage_key: { before: null, after: image.storageKey },
        mime: { before: null, after: 'image/png' },
        size: { before: null, after: image.size },
      });
    }
  });

  it('creating a survey with 3 questions is one entry, the questions and their texts inside', async () => {
    const res = await ctx.asAdmin('POST', '/api/admin/surveys', survey);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data as { id: number; questions: { id: number; question_text: string }[] };
    const list = await entries();
    expect(list.map((e) => [e.action, e.entity, e.entity_id, e.label])).toEqual([
      ['create', 'surveys', created.id, 'Encuesta «Clima laboral»'],
    ]);
    const group = list[0]!.cascade!;
    expect(group.map((c) => [c.entity, c.action, c.count])).toEqual([['survey_questions', 'create', 3]]);
    expect(group[0]!.rows!.map((r) => r.changes.question_text!.after)).toEqual(
      survey.questions.map((q) => q.question_text),
    );
    expect(group[0]!.rows![2]!.changes.options).toEqual({ before: null, after: ['Mañana', 'Tarde'] });
  });

  it('editing a survey that adds, changes and removes questions is one entry with each of them inside', async () => {
    const created = (await ctx.asAdmin('POST', '/api/admin/surveys', survey)).json().data as {
      id: number;
      questions: { id: number; question_text: string; type: string; required: boolean; options?: string[] }[];
    };
    const [first, second, third] = created.questions;
    const res = await ctx.asAdmin('PUT', `/api/admin/surveys/${created.id}`, {
      ...survey,
      title: 'Clima laboral 2026',
      questions: [
        { id: first!.id, question_text: '¿Todo bien en el local?', type: 'boolean', required: true },
        {
          id: third!.id,
          question_text: '¿Cuál turno?',
          type: 'multiple_choice',
          required: true,
          options: ['Mañana', 'Tarde'],
        },
        { question_text: '¿Algo más?', type: 'text', required: false },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = (await entries()).filter((e) => e.route?.startsWith('PUT'));
    expect(list.map((e) => [e.action, e.entity, e.label])).toEqual([
      ['update', 'surveys', 'Encuesta «Clima laboral 2026»'],
    ]);
    const byAction = Object.fromEntries(list[0]!.cascade!.map((c) => [c.action, c]));
    expect(Object.keys(byAction).sort()).toEqual(['create', 'delete', 'update']);
    expect(byAction.delete).toMatchObject({ entity: 'survey_questions', count: 1, ids: [second!.id] });
    expect(byAction.delete!.rows![0]!.changes.question_text).toEqual({
      before: '¿Qué mejorarías?',
      after: null,
    });
    expect(byAction.update!.rows!.find((r) => r.id === first!.id)!.changes.question_text).toEqual({
      before: '¿Todo bien?',
      after: '¿Todo bien en el local?',
    });
    expect(byAction.create).toMatchObject({ entity: 'survey_questions', count: 1 });
    expect(byAction.create!.rows![0]!.changes.question_text).toEqual({ before: null, after: '¿Algo más?' });
  });
});

describe('entries name their records (issue 28, item 17)', () => {
  it('names each kind by what a reader knows it by, and the name outlives the record', async () => {
    const created = await ctx.asAdmin('POST', '/api/branches', { name: 'Centro' });
    expect(created.statusCode, created.body).toBe(201);
    const branchId = created.json().data.id as number;
    expect((await ctx.asAdmin('DELETE', `/api/branches/${branchId}`)).statusCode).toBe(204);
    const branch = await createBranch(ctx.db, { name: 'Norte' });
    const seller = await ctx.asAdmin('POST', '/api/users', {
      name: 'Ana Pérez',
      email: 'ana.perez@prueba.test',
      password: 'Una-clave-larga-2026',
      role: 'seller',
      branch_id: branch.id,
    });
    expect(seller.statusCode, seller.body).toBe(201);
    const admin = await createUser(ctx.db, { name: 'Beto Gómez', role: 'admin' });
    const renamed = await ctx.asAdmin('PUT', `/api/users/${admin.id}`, { name: 'Roberto Gómez' });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const labels = (await entries()).map((e) => [e.action, e.label]);
    expect(labels).toEqual([
      ['create', 'Sucursal «Centro»'],
      ['delete', 'Sucursal «Centro»'],
      ['create', 'Vendedor «Ana Pérez»'],
      ['update', 'Administrador «Roberto Gómez»'],
    ]);
  });

  it("names a record by its row's others: a like by who gave it and the post", async () => {
    const post = await createPost(ctx.db, ctx.seller.id, { content: 'Nueva línea de productos' });
    const [admin] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, ctx.admin.id));
    const res = await ctx.asAdmin('POST', `/api/app/posts/${post.id}/like`);
    expect(res.statusCode, res.body).toBeLessThan(300);
    const list = await entries();
    expect(list.map((e) => e.label)).toEqual([
      `Me gusta de «${admin!.name}» en la publicación «Nueva línea de productos»`,
    ]);
  });
});

describe('nothing staged escapes', () => {
  it('a transaction that names an administrator but does not write its entries fails at commit', async () => {
    const attempt = ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('app.actor_id', ${String(ctx.admin.id)}, true)`);
      await createBranch(tx as never, { name: 'Sin entrada' });
    });
    const error = (await attempt.then(
      () => undefined,
      (e: unknown) => e,
    )) as (Error & { cause?: Error }) | undefined;
    // PostgreSQL's driver reports the failed COMMIT with the database's message as its cause.
    expect(`${error?.message} ${error?.cause?.message}`).toMatch(/not written as entries/);
    expect(await auditRows(ctx.db)).toEqual([]);
  });
});
