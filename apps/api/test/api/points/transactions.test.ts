import { POINTS_REPORTS_MSG, ZPointTransaction } from '@panel/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pointTransactions } from '../../../src/db/schema/points.ts';
import { bearer, createTransaction, createUser, pointActionId } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
beforeEach(() => ctx.reset());

const get = (url: string, token = ctx.admin.token) =>
  ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('GET /api/points/transactions', () => {
  it('pages 20 by default, newest first, with meta', async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 25; i++) {
      await createTransaction(ctx.db, user.id, { createdAt: new Date(Date.UTC(2026, 2, 1, 12, i)) });
    }
    const first = await get('/api/points/transactions');
    expect(first.statusCode).toBe(200);
    expect(first.json().meta).toEqual({
      page: 1,
      per_page: 20,
      total: 25,
      last_page: 2,
      next_cursor: expect.any(String),
    });
    const times = first.json().data.map((t: { created_at: string }) => t.created_at);
    expect(times[0]).toBe('2026-03-01T12:24:00.000Z');
    expect([...times].sort().reverse()).toEqual(times);
    const second = (await get('/api/points/transactions?page=2')).json();
    expect(second.data).toHaveLength(5);
    expect(second.data.at(-1).created_at).toBe('2026-03-01T12:00:00.000Z');
    const ten = (await get('/api/points/transactions?per_page=10&page=3')).json();
    expect(ten.meta).toEqual({ page: 3, per_page: 10, total: 25, last_page: 3, next_cursor: null });
    expect(ten.data).toHaveLength(5);
  });

  it('returns each transaction with its user and action; null action for credits no action gave', async () => {
    const user = await createUser(ctx.db, { name: 'Lucía Pérez' });
    const award = await createTransaction(ctx.db, user.id, {
      actionKey: 'comment_post',
      points: 5,
      referenceType: 'comment',
      referenceId: '81',
      description: 'Comentario en publicación',
    });
    await createTransaction(ctx.db, user.id, {
      actionKey: null,
      points: -20,
      referenceType: null,
      referenceId: null,
      description: 'Ajuste manual',
      createdAt: new Date(Date.now() - 60_000),
    });
    const { data } = (await get('/api/points/transactions')).json();
    expect(data.map((t: unknown) => ZPointTransaction.parse(t))).toEqual([
      {
        id: award.id,
        user_id: user.id,
        user_name: 'Lucía Pérez',
        points: 5,
        action: { name: 'Comentar publicación', key: 'comment_post' },
        description: 'Comentario en publicación',
        reference_type: 'comment',
        reference_id: '81',
        created_at: award.createdAt.toISOString(),
      },
      expect.objectContaining({
        points: -20,
        action: null,
        reference_type: null,
        description: 'Ajuste manual',
      }),
    ]);
  });

  describe('filters and search on the server', () => {
    let lucia: number;
    let mateo: number;
    beforeEach(async () => {
      lucia = (await createUser(ctx.db, { name: 'Lucía Pérez' })).id;
      mateo = (await createUser(ctx.db, { name: 'Mateo Gómez' })).id;
      // Business days in Buenos Aires (UTC-3).
      await createTransaction(ctx.db, lucia, {
        actionKey: 'like_post',
        createdAt: new Date('2026-03-09T02:59:00Z'),
      }); // 8 March
      await createTransaction(ctx.db, lucia, {
        actionKey: 'view_story',
        createdAt: new Date('2026-03-09T03:00:00Z'),
      }); // 9 March
      await createTransaction(ctx.db, mateo, {
        actionKey: 'complete_survey',
        description: 'Encuesta de satisfacción',
        createdAt: new Date('2026-03-10T02:59:00Z'), // 9 March, 23:59
      });
      await createTransaction(ctx.db, mateo, {
        actionKey: null,
        description: 'Bono por ventas',
        createdAt: new Date('2026-03-10T03:00:00Z'),
      }); // 10 March
    });
    const descriptions = async (query: string) => {
      const res = await get(`/api/points/transactions?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json()
        .data.map(
          (t: { user_name: string; action: { key: string } | null; description: string | null }) =>
            `${t.user_name}|${t.action?.key ?? '-'}|${t.description ?? ''}`,
        );
    };

    it('by user and by action key', async () => {
      expect(await descriptions(`user_id=${lucia}`)).toEqual([
        'Lucía Pérez|view_story|',
        'Lucía Pérez|like_post|',
      ]);
      expect(await descriptions('action_key=complete_survey')).toEqual([
        'Mateo Gómez|complete_survey|Encuesta de satisfacción',
      ]);
      expect(await descriptions(`user_id=${lucia}&action_key=complete_survey`)).toEqual([]);
    });

    it('by inclusive business days (APP_TIMEZONE)', async () => {
      expect(await descriptions('from=2026-03-09&to=2026-03-09')).toEqual([
        'Mateo Gómez|complete_survey|Encuesta de satisfacción',
        'Lucía Pérez|view_story|',
      ]);
      expect(await descriptions('from=2026-03-10')).toEqual(['Mateo Gómez|-|Bono por ventas']);
      expect(await descriptions('to=2026-03-08')).toEqual(['Lucía Pérez|like_post|']);
    });

    it('q searches action name, action key, description and user name, ignoring case and accents', async () => {
      expect(await descriptions('q=HISTORIA')).toEqual(['Lucía Pérez|view_story|']); // "Ver historia"
      expect(await descriptions('q=like_')).toEqual(['Lucía Pérez|like_post|']);
      expect(await descriptions('q=satisfaccion')).toEqual([
        'Mateo Gómez|complete_survey|Encuesta de satisfacción',
      ]);
      expect(await descriptions('q=lucia perez')).toHaveLength(2);
      expect(await descriptions('q=bono')).toEqual(['Mateo Gómez|-|Bono por ventas']);
      expect(await descriptions('q=100%25')).toEqual([]);
      const meta = (await get('/api/points/transactions?q=mateo&per_page=10')).json().meta;
      expect(meta).toEqual({ page: 1, per_page: 10, total: 2, last_page: 1, next_cursor: null });
    });

    it('q counts a row found in several ways once, pages by offset and by cursor, and keeps the other filters', async () => {
      // 11 awards whose description names Lucía, one per business day of April: 6 of them hers (found
      // by description and by name), 5 Mateo's; plus her 2 rows found by name only.
      for (let i = 0; i < 11; i++) {
        await createTransaction(ctx.db, i % 2 === 0 ? lucia : mateo, {
          actionKey: 'comment_post',
          description: `Premio Lucía ${i}`,
          createdAt: new Date(Date.UTC(2026, 3, 1 + i, 15)),
        });
      }
      const premio = (i: number) =>
        `${i % 2 === 0 ? 'Lucía Pérez' : 'Mateo Gómez'}|comment_post|Premio Lucía ${i}`;
      const first = (await get('/api/points/transactions?q=lucia&per_page=10')).json();
      expect(first.meta).toEqual({
        page: 1,
        per_page: 10,
        total: 13,
        last_page: 2,
        next_cursor: expect.any(String),
      });
      expect(await descriptions('q=lucia&per_page=10')).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map(premio));
      const second = [premio(0), 'Lucía Pérez|view_story|', 'Lucía Pérez|like_post|'];
      expect(await descriptions('q=lucia&per_page=10&page=2')).toEqual(second);
      expect(await descriptions(`q=lucia&per_page=10&page=2&cursor=${first.meta.next_cursor}`)).toEqual(
        second,
      );

      const total = async (query: string) =>
        (await get(`/api/points/transactions?${query}`)).json().meta.total;
      expect(await total(`q=lucia&user_id=${mateo}`)).toBe(5);
      expect(await descriptions(`q=lucia&user_id=${mateo}&per_page=10`)).toEqual([9, 7, 5, 3, 1].map(premio));
      expect(await descriptions('q=lucia&action_key=like_post')).toEqual(['Lucía Pérez|like_post|']);
      expect(await descriptions('q=premio&from=2026-04-05&to=2026-04-06')).toEqual([5, 4].map(premio));
      expect(await total('q=comentar')).toBe(11); // the action's name
      expect(await total('q=nadie')).toBe(0);

      const csv = (await get('/api/points/transactions/export?q=lucia')).body.trim().split('\r\n').slice(1);
      expect(csv).toHaveLength(13);
    });
  });

  it.each([
    ['per_page=15', 'per_page', POINTS_REPORTS_MSG.perPageInvalid],
    ['user_id=abc', 'user_id', POINTS_REPORTS_MSG.userInvalid],
    ['from=2026-02-30', 'from', POINTS_REPORTS_MSG.dateInvalid],
    ['to=10/03/2026', 'to', POINTS_REPORTS_MSG.dateInvalid],
    ['from=2026-03-10&to=2026-03-09', 'from', POINTS_REPORTS_MSG.dateRangeInvalid],
  ])('rejects %s with a Spanish message naming the field', async (query, field, message) => {
    const res = await get(`/api/points/transactions?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [field]: [message] });
    expect(res.json().message).toContain(message);
  });

  it('is for admins only: 401 anonymous, 403 seller', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/points/transactions' })).statusCode).toBe(401);
    expect((await get('/api/points/transactions', ctx.seller.token)).statusCode).toBe(403);
    expect((await get('/api/points/transactions/export', ctx.seller.token)).statusCode).toBe(403);
  });
});

describe('GET /api/points/transactions/export', () => {
  it('streams a UTF-8 CSV with a BOM, ; separated, dates in APP_TIMEZONE and formula cells neutralised', async () => {
    const user = await createUser(ctx.db, { name: '=Malicioso; Pérez' });
    await createTransaction(ctx.db, user.id, {
      actionKey: 'comment_post',
      points: -5,
      description: '@SUM(1+1)',
      referenceType: 'comment',
      referenceId: '12',
      createdAt: new Date('2026-03-10T02:30:00Z'),
    });
    const res = await get('/api/points/transactions/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="transacciones-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('ID;Usuario ID;Usuario;Acción;Clave;Puntos;Descripción;Referencia;Fecha');
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\d+;${user.id};"'=Malicioso; Pérez";Comentar publicación;comment_post;-5;'@SUM\\(1\\+1\\);Comentario #12;09/03/2026 23:30$`,
      ),
    );
  });

  it('keeps a description with a line break in one quoted cell (one row, no escaped formula)', async () => {
    const user = await createUser(ctx.db, { name: 'z\n@SUM(9)' });
    await createTransaction(ctx.db, user.id, { description: 'a;b\r=1+1' });
    const body = (await get('/api/points/transactions/export')).body;
    expect(body).toContain('"z\n@SUM(9)"');
    expect(body).toContain('"a;b\r=1+1"');
    expect(body.split('\r\n').filter((l) => l.length > 0)).toHaveLength(2);
  });

  it('answers 400 before any CSV when the database refuses a filter', async () => {
    const res = await get('/api/points/transactions/export?q=a%00b');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('applies the list filters and walks the whole ledger in batches', async () => {
    const a = await createUser(ctx.db);
    const b = await createUser(ctx.db);
    const like = await pointActionId(ctx.db, 'like_post');
    const base = Date.UTC(2026, 0, 1);
    // 2,350 rows (more than two batches); a few share one instant, so the keyset must use the id too.
    const rows = Array.from({ length: 2350 }, (_, i) => ({
      userId: i % 2 === 0 ? a.id : b.id,
      pointActionId: like,
      points: 2,
      referenceType: 'post',
      referenceId: String(i),
      createdAt: new Date(base + Math.floor(i / 3) * 1000),
    }));
    for (let i = 0; i < rows.length; i += 500)
      await ctx.db.insert(pointTransactions).values(rows.slice(i, i + 500));

    const all = (await get('/api/points/transactions/export')).body.trim().split('\r\n').slice(1);
    expect(all).toHaveLength(2350);
    const ids = all.map((l) => Number(l.split(';')[0]));
    expect(new Set(ids).size).toBe(2350);

    const onlyA = (await get(`/api/points/transactions/export?user_id=${a.id}`)).body
      .trim()
      .split('\r\n')
      .slice(1);
    expect(onlyA).toHaveLength(1175);
    expect(onlyA.every((l) => l.split(';')[1] === String(a.id))).toBe(true);

    const bad = await get('/api/points/transactions/export?from=ayer');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ from: [POINTS_REPORTS_MSG.dateInvalid] });
  });
});
