import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compile, serializerCompiler } from './response-serializer.ts';

const zodJson = (schema: z.ZodType, value: unknown) => JSON.stringify(z.encode(schema, value as never));
const fastJson = (schema: z.ZodType, value: unknown) => compile(schema)(value);

const ZBranch = z.object({ id: z.number(), name: z.string() });
const ZUser = z.object({
  id: z.number(),
  name: z.string(),
  email: z.email(),
  role: z.enum(['admin', 'seller']),
  active: z.boolean(),
  branch: ZBranch.nullable(),
  phone: z.string().nullable(),
  nickname: z.string().optional(),
  created_at: z.date(),
  tags: z.array(z.string()),
});

const row = {
  password_hash: 'scrypt$secret',
  tags: ['a', 'b "c"'],
  created_at: new Date('2026-03-01T12:34:56.789Z'),
  phone: null,
  branch: { id: 3, name: 'Córdoba', secret_key: 'x' },
  active: true,
  role: 'seller',
  email: 'ana@example.com',
  name: 'Ana \u2028 Pérez',
  id: 7,
  nickname: undefined,
};

describe('compiled response serializer', () => {
  it('writes what zod encode + JSON.stringify writes: declared keys in schema order, dates, nulls', () => {
    const json = fastJson(ZUser, row);
    expect(json).toBe(zodJson(ZUser, row));
    expect(json).not.toContain('password_hash');
    expect(json).not.toContain('secret_key');
    expect(JSON.parse(json as string)).toEqual({
      id: 7,
      name: 'Ana \u2028 Pérez',
      email: 'ana@example.com',
      role: 'seller',
      active: true,
      branch: { id: 3, name: 'Córdoba' },
      phone: null,
      created_at: '2026-03-01T12:34:56.789Z',
      tags: ['a', 'b "c"'],
    });
  });

  it('matches zod on pages, discriminated unions, primitive unions and records', () => {
    const ZPage = z.object({
      data: z.array(ZUser),
      meta: z.object({ total: z.number(), next: z.string().nullable() }),
    });
    const page = {
      data: [row, { ...row, id: 8, nickname: 'anita' }],
      meta: { total: 2, next: null, extra: 1 },
    };
    expect(fastJson(ZPage, page)).toBe(zodJson(ZPage, page));

    const ZEvent = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('like'), post_id: z.number() }),
      z.object({ kind: z.literal('comment'), text: z.string() }),
    ]);
    for (const value of [
      { kind: 'like', post_id: 1, text: 'no' },
      { kind: 'comment', text: 'sí', post_id: 2 },
    ]) {
      expect(fastJson(ZEvent, value)).toBe(zodJson(ZEvent, value));
    }

    const ZValue = z.union([z.number(), z.string(), z.null()]);
    for (const value of [1, 'uno', null]) expect(fastJson(ZValue, value)).toBe(zodJson(ZValue, value));

    const ZCounts = z.record(z.string(), z.number());
    expect(fastJson(ZCounts, { b: 1, a: 2 })).toBe(zodJson(ZCounts, { b: 1, a: 2 }));
  });

  it('leaves what it does not cover (object unions, transforms) to zod', () => {
    const ZEither = z.union([z.object({ a: z.number() }), z.object({ b: z.string() })]);
    expect(fastJson(ZEither, { b: 'x', a: 'not a number' })).toBe(
      zodJson(ZEither, { b: 'x', a: 'not a number' }),
    );
    const ZLoose = z.looseObject({ a: z.number() });
    expect(fastJson(ZLoose, { a: 1, b: 2 })).toBe('{"a":1,"b":2}');
  });

  it('refuses data outside the types, so zod answers for it', () => {
    const write = compile(ZUser);
    expect(() => write({ ...row, id: '7' })).toThrow();
    expect(() => write({ ...row, role: 'owner' })).toThrow();
    expect(() => write({ ...row, created_at: '2026-03-01' })).toThrow();
    expect(() => write({ ...row, name: undefined })).toThrow();
    expect(() => write({ ...row, tags: 'a' })).toThrow();
  });
});

describe('serializerCompiler in a Fastify route', () => {
  async function appReturning(data: unknown) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.get('/user', { schema: { response: { 200: ZUser } } }, async () => data);
    await app.ready();
    return app;
  }

  it('never sends a field outside the schema, such as password_hash', async () => {
    const app = await appReturning(row);
    const res = await app.inject({ method: 'GET', url: '/user' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(zodJson(ZUser, row));
    expect(res.body).not.toContain('password_hash');
    expect(res.body).not.toContain('scrypt');
    await app.close();
  });

  it('answers 500 for data that breaks the schema, as zod did', async () => {
    const app = await appReturning({ ...row, email: undefined });
    const res = await app.inject({ method: 'GET', url: '/user' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('password_hash');
    await app.close();
  });
});
