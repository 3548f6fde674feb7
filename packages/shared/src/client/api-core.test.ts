import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorOf, buildUrl, parseJson, requestParts, serverMessageOr } from './api-core';

describe('api-core (the panel and the app share it; issue 29, section 3)', () => {
  it('builds /api URLs without empty values', () => {
    expect(buildUrl('/branches', { page: 2, q: '', city: undefined, active: false, x: null })).toBe(
      '/api/branches?page=2&active=false',
    );
    expect(buildUrl('/me')).toBe('/api/me');
  });

  it('reads JSON, or nothing', () => {
    expect(parseJson('{"a":1}')).toEqual({ a: 1 });
    expect(parseJson('<html>')).toBeUndefined();
    expect(parseJson('')).toBeUndefined();
  });

  it("turns an answer into an ApiError: the server's message and errors, else the text or status text", () => {
    const own = apiErrorOf(422, 'Unprocessable', { message: 'Datos inválidos', errors: { name: ['Falta'] } });
    expect(own).toBeInstanceOf(ApiError);
    expect([own.status, own.message, own.hasServerMessage, own.errors]).toEqual([
      422,
      'Datos inválidos',
      true,
      { name: ['Falta'] },
    ]);
    const proxy = apiErrorOf(502, 'Bad Gateway', undefined, '<html>Bad gateway</html>');
    expect([proxy.message, proxy.hasServerMessage, proxy.body]).toEqual([
      '<html>Bad gateway</html>',
      false,
      '<html>Bad gateway</html>',
    ]);
    expect(apiErrorOf(503, 'Service Unavailable', undefined).message).toBe('Service Unavailable');
    expect(new ApiError(0, 'Sin conexión').isNetwork).toBe(true);
  });

  it('shows the server message when there is one, else the fallback', () => {
    expect(serverMessageOr(apiErrorOf(400, '', { message: 'Nombre repetido' }), 'Error al guardar')).toBe(
      'Nombre repetido',
    );
    expect(serverMessageOr(apiErrorOf(502, 'Bad Gateway', undefined, '<html>'), 'Error al guardar')).toBe(
      'Error al guardar',
    );
    expect(serverMessageOr(new TypeError('Failed to fetch'), 'Error al guardar')).toBe('Error al guardar');
  });

  it('sends JSON as JSON, forms and files as they are, with the bearer token', () => {
    const json = requestParts({ a: 1 }, 'tok');
    expect(json.payload).toBe('{"a":1}');
    expect(json.headers.get('Content-Type')).toBe('application/json');
    expect(json.headers.get('Authorization')).toBe('Bearer tok');
    expect(json.headers.get('Accept')).toBe('application/json');

    const form = new FormData();
    const multipart = requestParts(form, null);
    expect(multipart.payload).toBe(form);
    expect(multipart.headers.has('Content-Type')).toBe(false);
    expect(multipart.headers.has('Authorization')).toBe(false);

    const csv = new Blob(['a,b'], { type: 'text/csv' });
    expect(requestParts(csv, null).headers.get('Content-Type')).toBe('text/csv');
    expect(requestParts(undefined, null, { 'Idempotency-Key': 'k' }).headers.get('Idempotency-Key')).toBe(
      'k',
    );
  });
});
