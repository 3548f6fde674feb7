import { MSG } from '@panel/shared';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError, SERVER_MSG } from '../lib/http-errors.ts';
import { describeField, mapError } from './error-mapping.ts';

function validationError(schema: z.ZodType, data: unknown, context = 'body') {
  const result = validatorCompiler({ schema, method: 'POST', url: '/x', httpPart: context })(data) as {
    error: unknown;
  };
  return Object.assign(new Error('validation'), { validation: result.error, validationContext: context });
}

const pgError = (code: string, constraint?: string) => ({ severity: 'ERROR', code, constraint });

describe('mapError', () => {
  it('passes HttpErrors through with their status, message, field errors and headers', () => {
    const mapped = mapError(new HttpError(429, MSG.tooManyAttempts, undefined, { 'retry-after': '60' }));
    expect(mapped).toEqual({
      statusCode: 429,
      body: { message: MSG.tooManyAttempts },
      headers: { 'retry-after': '60' },
      unexpected: false,
    });
  });

  it('turns schema validation into 400 with errors keyed by dotted field path', () => {
    const schema = z.object({
      name: z.string().min(1, MSG.nameRequired),
      items: z.array(z.object({ units: z.number() })),
    });
    const mapped = mapError(validationError(schema, { name: '', items: [{ units: 'x' }] }));
    expect(mapped.statusCode).toBe(400);
    expect(mapped.body.message).toBe(MSG.nameRequired);
    expect(Object.keys(mapped.body.errors!)).toEqual(['name', 'items.0.units']);
  });

  it('names the field when the message is a generic one', () => {
    const mapped = mapError(
      validationError(z.object({ per_page: z.number().max(100) }), { per_page: 500 }, 'querystring'),
    );
    expect(mapped.body.message).toMatch(/^El campo "per_page": /);
    expect(describeField('name', MSG.nameRequired)).toBe(MSG.nameRequired);
  });

  it('keys errors on the whole body by the request part', () => {
    const mapped = mapError(validationError(z.object({ a: z.string() }), 'texto'));
    expect(Object.keys(mapped.body.errors!)).toEqual(['body']);
  });

  it('maps malformed JSON, sizes and media types', () => {
    expect(mapError({ code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 }).body).toEqual({
      message: MSG.invalidJson,
    });
    expect(mapError({ code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 }).statusCode).toBe(413);
    expect(mapError({ code: 'FST_REQ_FILE_TOO_LARGE', statusCode: 413 }).body).toEqual({
      message: MSG.payloadTooLarge,
    });
    expect(mapError({ code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 }).body).toEqual({
      message: MSG.unsupportedMediaType,
    });
  });

  it('maps PostgreSQL errors, also when wrapped by drizzle', () => {
    const wrapped = (e: object) => Object.assign(new Error('Failed query'), { cause: e });
    expect(mapError(wrapped(pgError('23505', 'users_email_key')))).toMatchObject({
      statusCode: 409,
      body: { message: MSG.emailTaken },
    });
    expect(mapError(pgError('23505', 'otra'))).toMatchObject({
      statusCode: 409,
      body: { message: SERVER_MSG.duplicate },
    });
    expect(mapError(wrapped(pgError('23503')))).toMatchObject({
      statusCode: 409,
      body: { message: SERVER_MSG.inUse },
    });
    expect(mapError(pgError('22P02')).statusCode).toBe(400);
    expect(mapError(pgError('23514')).statusCode).toBe(400);
    expect(mapError(pgError('40001'))).toMatchObject({ statusCode: 503, unexpected: true });
  });

  it('never leaks internals in a 500', () => {
    const mapped = mapError(new Error('connection refused at 10.0.0.5: password authentication failed'));
    expect(mapped).toEqual({ statusCode: 500, body: { message: MSG.internal }, unexpected: true });
    expect(mapError(pgError('XX000'))).toMatchObject({ statusCode: 500, body: { message: MSG.internal } });
  });

  it('gives other client errors a Spanish text for their status', () => {
    expect(mapError({ statusCode: 404 }).body).toEqual({ message: MSG.notFound });
    expect(mapError({ statusCode: 405 }).body).toEqual({ message: SERVER_MSG.methodNotAllowed });
  });

  it('turns an unreachable or restarting database into a 503 with Retry-After', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const cases: unknown[] = [
      new Error('wrapped', { cause: refused }),
      new AggregateError([refused, refused], ''),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Failed query', { cause: pgError('57P01') }), // terminating connection (admin shutdown)
      pgError('57P03'), // the database system is starting up / shutting down
      pgError('08006'),
      pgError('53300'), // too many connections
    ];
    for (const error of cases) {
      expect(mapError(error)).toEqual({
        statusCode: 503,
        body: { message: SERVER_MSG.serviceUnavailable },
        headers: { 'retry-after': '5' },
        unexpected: false,
      });
    }
    expect(mapError(new Error('otra cosa')).statusCode).toBe(500);
  });
});
