import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/db/client.ts';
import { pointTransactions } from '../../../src/db/schema/points.ts';
import { escapeLike } from '../../../src/lib/list-query.ts';
import { bearer, createTransaction, createUser, pointActionId } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

// Historial's `q` reads the ledger through point_search_keys (migration 0013): these tests hold its
// answers and counts to the plain definition, one OR over the description, the action's name and
// key, and the seller's name, and check the trigger that keeps each row's key.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
beforeEach(() => ctx.reset());

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(ctx.admin.token) });

/** The ids `q` must find, newest first: the definition, straight over the ledger. */
async function expected(q: string): Promise<number[]> {
  const pattern = `%${escapeLike(q.toLowerCase())}%`;
  const rows = await queryRows<{ id: number | string }>(
    ctx.db,
    sql`SELECT t.id FROM point_transactions t
        JOIN users u ON u.id = t.user_id
        LEFT JOIN point_actions a ON a.id = t.point_action_id
        WHERE f_unaccent(lower(t.description)) LIKE f_unaccent(${pattern})
           OR f_unaccent(lower(a.name)) LIKE f_unaccent(${pattern})
           OR a.key LIKE ${pattern}
           OR u.name_key LIKE f_unaccent(${pattern})
        ORDER BY t.created_at DESC, t.id DESC`,
  );
  return rows.map((r) => Number(r.id));
}

/** Every id the API answers for `q`, walking its pages, and the total it announced. */
async function answered(q: string): Promise<{ ids: number[]; total: number }> {
  const ids: number[] = [];
  let total = -1;
  for (let page = 1; ; page++) {
    const res = await get(`/api/points/transactions?per_page=10&page=${page}&q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    total = body.meta.total;
    ids.push(...body.data.map((t: { id: number }) => t.id));
    if (page >= body.meta.last_page) break;
  }
  return { ids, total };
}

/** A ledger row's search_key and the point_search_keys row it names. */
const keyOf = async (id: number) => {
  const [row] = await queryRows<{ search_key: string; action: number | null; key: string | null }>(
    ctx.db,
    sql`SELECT t.search_key::text AS search_key, k.point_action_id AS action, k.key
        FROM point_transactions t LEFT JOIN point_search_keys k ON k.id = t.search_key WHERE t.id = ${id}`,
  );
  return row!;
};

describe('Historial search through point_search_keys', () => {
  it('finds and counts exactly what the plain OR finds: descriptions, actions, sellers, overlaps once, folding, LIKE metacharacters', async () => {
    const ana = (await createUser(ctx.db, { name: 'Ana Campaña' })).id;
    const bruno = (await createUser(ctx.db, { name: 'Bruno Díaz' })).id;
    const ceci = (await createUser(ctx.db, { name: 'Cecilia 100% Ruiz' })).id;
    const rows: [number, string | null, string | null][] = [
      [bruno, 'like_post', 'Dar me gusta'],
      [bruno, 'like_post', 'Dar me gusta (campaña especial)'],
      [bruno, 'comment_post', 'Comentar publicación (CAMPAÑA especial)'],
      [bruno, 'comment_post', 'Comentar publicacion (campana especial)'],
      [bruno, null, 'Campaña de invierno'],
      [bruno, null, 'Ajuste: 100% cumplido'],
      [bruno, null, 'Ajuste: 100 cumplido'],
      [bruno, null, 'a_b premio'],
      [bruno, null, 'axb premio'],
      [bruno, null, 'barra \\ invertida'],
      [bruno, 'view_story', null],
      [bruno, 'complete_survey', 'Encuesta respondida: Precios'],
      [bruno, null, 'Encuesta respondida: Vidrieras'],
      [ana, 'like_post', 'Dar me gusta'], // found by her name only
      [ana, null, 'Campaña de invierno'], // by her name and by the description: once
      [ana, 'view_story', null],
      [ceci, null, null],
      [ceci, 'comment_post', 'Comentar publicación'],
    ];
    // Two rows per line, so every key holds more than one row.
    for (let round = 0; round < 2; round++) {
      for (const [i, [userId, actionKey, description]] of rows.entries()) {
        await createTransaction(ctx.db, userId, {
          actionKey,
          description,
          createdAt: new Date(Date.UTC(2026, 4, 1 + round, 12, i)),
        });
      }
    }
    const queries = [
      'campaña',
      'CAMPANA',
      'campaña especial',
      'dar me',
      'like_',
      'comment',
      'ver historia',
      'encuesta',
      'precios',
      'ana',
      'díaz',
      '100%',
      '100',
      '%',
      '_',
      'a_b',
      '\\',
      'nadie',
    ];
    for (const q of queries) {
      const want = await expected(q);
      const { ids, total } = await answered(q);
      expect({ q, ids, total }).toEqual({ q, ids: want, total: want.length });
    }
    // The checks above must not be empty ones.
    expect(await expected('campaña')).toHaveLength(14);
    expect(await expected('100%')).toHaveLength(6);
    expect(await expected('a_b')).toHaveLength(2);

    // The other filters still apply to both branches.
    const total = async (query: string) => (await get(`/api/points/transactions?${query}`)).json().meta.total;
    expect(await total(`q=campa%C3%B1a&user_id=${ana}`)).toBe(6);
    expect(await total('q=campa%C3%B1a&action_key=like_post')).toBe(4);
    expect(await total('q=campa%C3%B1a&from=2026-05-02&to=2026-05-02')).toBe(7);
    const csv = (await get('/api/points/transactions/export?q=campa%C3%B1a')).body
      .trim()
      .split('\r\n')
      .slice(1);
    expect(csv.map((line) => Number(line.split(';')[0]))).toEqual(await expected('campaña'));
  });

  it('adds each new (action, folded description) once, in the writing transaction', async () => {
    const user = (await createUser(ctx.db)).id;
    const first = await createTransaction(ctx.db, user, { actionKey: null, description: 'Bono de Campaña' });
    const again = await createTransaction(ctx.db, user, { actionKey: null, description: 'Bono de Campaña' });
    const folded = await createTransaction(ctx.db, user, { actionKey: null, description: 'BONO DE CAMPANA' });
    const otherAction = await createTransaction(ctx.db, user, {
      actionKey: 'like_post',
      description: 'Bono de Campaña',
    });
    const none = await createTransaction(ctx.db, user, { actionKey: 'like_post', description: null });
    const likeId = await pointActionId(ctx.db, 'like_post');

    const a = await keyOf(first.id);
    expect(a).toEqual({ search_key: expect.any(String), action: null, key: 'bono de campana' });
    expect((await keyOf(again.id)).search_key).toBe(a.search_key);
    expect((await keyOf(folded.id)).search_key).toBe(a.search_key);
    const b = await keyOf(otherAction.id);
    expect(b).toEqual({ search_key: expect.any(String), action: likeId, key: 'bono de campana' });
    expect(b.search_key).not.toBe(a.search_key);
    expect(await keyOf(none.id)).toEqual({ search_key: expect.any(String), action: likeId, key: '' });
    const [count] = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM point_search_keys`,
    );
    expect(count!.n).toBe(3);

    // Several rows in one statement (the demo seed's batches, the bench's generator).
    await ctx.db.insert(pointTransactions).values(
      ['Premio A', 'Premio B', 'Premio A', null].map((description, i) => ({
        userId: user,
        points: 1,
        description,
        referenceType: 'test',
        referenceId: `batch-${i}`,
      })),
    );
    const keys = await queryRows<{ key: string }>(
      ctx.db,
      sql`SELECT key FROM point_search_keys WHERE point_action_id IS NULL ORDER BY key`,
    );
    expect(keys.map((k) => k.key)).toEqual(['', 'bono de campana', 'premio a', 'premio b']);
    // A rolled-back write leaves no key behind.
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.insert(pointTransactions).values({ userId: user, points: 1, description: 'Nunca' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect((await answered('nunca')).total).toBe(0);
    const [after] = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM point_search_keys`,
    );
    expect(after!.n).toBe(6);
  });

  it('refuses a search_key set by hand, and a write whose hash another pair already holds', async () => {
    const user = (await createUser(ctx.db)).id;
    await expect(
      ctx.db.execute(
        sql`INSERT INTO point_transactions (user_id, points, search_key) VALUES (${user}, 1, 42)`,
      ),
    ).rejects.toThrow();
    // Another pair under the hash of (no action, 'premio x'): the search could no longer tell them apart.
    await ctx.db.execute(
      sql`INSERT INTO point_search_keys (id, point_action_id, key)
          VALUES (hashtextextended('0:premio x', 0), NULL, 'otra cosa')`,
    );
    await expect(
      createTransaction(ctx.db, user, { actionKey: null, description: 'Premio X' }),
    ).rejects.toThrow();
    await createTransaction(ctx.db, user, { actionKey: null, description: 'Premio Y' });
    expect((await answered('premio')).total).toBe(1);
  });

  it('keeps the key true on UPDATE, should the append-only trigger ever be lifted', async () => {
    const user = (await createUser(ctx.db)).id;
    const row = await createTransaction(ctx.db, user, { actionKey: null, description: 'Premio de marzo' });
    // The ledger refuses it as it stands.
    await expect(
      ctx.db.update(pointTransactions).set({ description: 'Premio de abril' }).where(sql`id = ${row.id}`),
    ).rejects.toThrow();
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE point_transactions DISABLE TRIGGER point_transactions_append_only`);
      await tx.execute(
        sql`UPDATE point_transactions SET description = 'Premio de Abril' WHERE id = ${row.id}`,
      );
      await tx.execute(sql`ALTER TABLE point_transactions ENABLE TRIGGER point_transactions_append_only`);
    });
    expect(await keyOf(row.id)).toEqual({
      search_key: expect.any(String),
      action: null,
      key: 'premio de abril',
    });
    expect((await answered('abril')).ids).toEqual([row.id]);
    expect((await answered('marzo')).ids).toEqual([]);
  });
});
