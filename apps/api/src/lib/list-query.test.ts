import { ZBranchListQuery, ZUserListQuery } from '@panel/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import {
  escapeLike,
  fetchPage,
  listMeta,
  pageWindow,
  parseSort,
  presentKeys,
  reusedQuery,
} from './list-query.ts';

describe('list query helpers', () => {
  it('turns page/per_page into LIMIT/OFFSET', () => {
    expect(pageWindow({ page: 1, per_page: 5 })).toEqual({ limit: 5, offset: 0 });
    expect(pageWindow({ page: 3, per_page: 20 })).toEqual({ limit: 20, offset: 40 });
  });

  it('reports meta, with at least one page', () => {
    expect(listMeta({ page: 1, per_page: 5 }, 0)).toEqual({ page: 1, per_page: 5, total: 0, last_page: 1 });
    expect(listMeta({ page: 2, per_page: 5 }, 11)).toEqual({ page: 2, per_page: 5, total: 11, last_page: 3 });
  });

  it('parses sort with a leading minus for descending', () => {
    expect(parseSort(undefined, 'name')).toEqual({ key: 'name', desc: false });
    expect(parseSort('-city', 'name')).toEqual({ key: 'city', desc: true });
    expect(parseSort(undefined, 'created_at', true)).toEqual({ key: 'created_at', desc: true });
    expect(parseSort('created_at', 'created_at', true)).toEqual({ key: 'created_at', desc: false });
  });

  it('reads one page with the window of its page number, and the total as a number', async () => {
    const windows: unknown[] = [];
    const page = await fetchPage(
      { page: 3, per_page: 10 },
      async (window) => {
        windows.push(window);
        return ['a', 'b'];
      },
      Promise.resolve([{ n: '22' }]),
    );
    expect(windows).toEqual([{ limit: 10, offset: 20 }]);
    expect(page).toEqual({ rows: ['a', 'b'], meta: { page: 3, per_page: 10, total: 22, last_page: 3 } });
    const empty = await fetchPage({ page: 1, per_page: 5 }, async () => [], Promise.resolve([]));
    expect(empty.meta).toEqual({ page: 1, per_page: 5, total: 0, last_page: 1 });
  });

  it('builds a reused query once per database and shape, unnamed', () => {
    const built: string[] = [];
    const builder = (shape: string) => (db: unknown) => ({
      prepare: (name: string) => {
        built.push(`${String((db as { id: string }).id)}:${shape}:${JSON.stringify(name)}`);
        return { shape };
      },
    });
    const one = { id: 'one' } as unknown as Db;
    const two = { id: 'two' } as unknown as Db;
    const first = reusedQuery(one, 'a', builder('a'));
    expect(reusedQuery(one, 'a', builder('a'))).toBe(first);
    expect(reusedQuery(one, 'b', builder('b'))).toEqual({ shape: 'b' });
    expect(reusedQuery(two, 'a', builder('a'))).not.toBe(first);
    expect(reusedQuery(two, 'b', builder('b'))).toEqual({ shape: 'b' });
    expect(built).toEqual(['one:a:""', 'one:b:""', 'two:a:""', 'two:b:""']);
  });

  it('names the values present as the shape of a query', () => {
    expect(presentKeys({ q: '%a%', role: undefined, branch_id: 3, active: false })).toBe(
      'q,branch_id,active,',
    );
    expect(presentKeys({ q: undefined })).toBe('');
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});

describe('list query schemas (property)', () => {
  const anyQuery = fc.dictionary(
    fc.constantFrom('page', 'per_page', 'q', 'sort', 'city', 'role', 'branch_id', 'active', 'other'),
    fc.oneof(
      fc.string(),
      fc.integer().map(String),
      fc.double().map(String),
      fc.constantFrom('1e999', '-0', ' 7 '),
    ),
  );

  it('never throw, and what they accept is a sane page window', () => {
    fc.assert(
      fc.property(anyQuery, (query) => {
        for (const schema of [ZBranchListQuery, ZUserListQuery]) {
          const result = schema.safeParse(query);
          if (!result.success) continue;
          const { page, per_page } = result.data;
          expect(Number.isInteger(page) && page >= 1).toBe(true);
          expect(Number.isInteger(per_page) && per_page >= 1 && per_page <= 100).toBe(true);
          const { offset } = pageWindow(result.data);
          expect(Number.isSafeInteger(offset)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
