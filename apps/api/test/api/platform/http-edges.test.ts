import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MSG } from '@panel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../../../src/lib/http-errors.ts';
import { bearer, createBranch } from '../../../src/testing/factories.ts';
import { multipart, urlencoded } from '../../../src/testing/form-body.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

/** Issue 28, item 7 (the HTTP edges): 405 with Allow, odd paths, and error bodies in the API's shape. */
let ctx: TestContext;
beforeAll(async () => {
  const webDir = mkdtempSync(join(tmpdir(), 'panel-web-'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Panel</title>');
  const communityDir = mkdtempSync(join(tmpdir(), 'panel-community-'));
  writeFileSync(join(communityDir, 'index.html'), '<!doctype html><title>Comunidad</title>');
  ctx = await createTestContext({ env: { WEB_DIST_DIR: webDir, COMMUNITY_DIST_DIR: communityDir } });
});
afterAll(() => ctx?.close());

const admin = () => bearer(ctx.admin.token);
const allowOf = (header: unknown) =>
  String(header ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean)
    .sort();

describe('a method the path does not have', () => {
  it('answers 405 with every method the path has in Allow, in Spanish JSON', async () => {
    const branch = await createBranch(ctx.db);
    for (const [method, url, allow] of [
      ['TRACE', '/api/me', ['GET', 'HEAD']],
      ['PATCH', '/api/users', ['GET', 'HEAD', 'POST']],
      ['DELETE', '/api/users', ['GET', 'HEAD', 'POST']],
      ['PATCH', `/api/branches/${branch.id}`, ['DELETE', 'GET', 'HEAD', 'PUT']],
      ['GET', '/api/logout', ['POST']],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: admin() });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(allowOf(res.headers.allow), `${method} ${url}`).toEqual([...allow].sort());
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message: SERVER_MSG.methodNotAllowedHere(String(res.headers.allow)) });
    }
  });

  it('a POST twin without the override lists the whole path in Allow, not just PUT', async () => {
    const branch = await createBranch(ctx.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/branches/${branch.id}`,
      headers: admin(),
      payload: { name: 'X' },
    });
    expect(res.statusCode).toBe(405);
    expect(allowOf(res.headers.allow)).toEqual(['DELETE', 'GET', 'HEAD', 'PUT']);
    expect(res.json()).toEqual({ message: SERVER_MSG.methodNotAllowed });
  });

  it('keeps HEAD and OPTIONS as they were, and an unknown path a 404', async () => {
    for (const [method, url] of [
      ['OPTIONS', '/api/users'],
      ['HEAD', '/api/logout'],
      ['PATCH', '/api/no-existe'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: admin() });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers.allow).toBeUndefined();
    }
  });
});

describe('odd paths', () => {
  it('an unmatched /api path with an encoded backslash or NUL is a 404, not a 403', async () => {
    for (const url of ['/api/nope%5Cx', '/api/nope%00x', '/api/users%5C..%5Cme', '/api/nope%5cx']) {
      for (const headers of [admin(), {}]) {
        const res = await ctx.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual({ message: MSG.routeNotFound });
      }
    }
  });

  it('a bad percent-encoding in an /api path gets the Spanish JSON 400', async () => {
    for (const url of ['/api/users/%E0%A4%A', '/api/%zz', '/api/branches/%']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: admin() });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.json(), url).toEqual({ message: SERVER_MSG.badUrl });
    }
  });

  it('an encoded slash under /comunidad/ gets a JSON 404 or the app, never text/plain', async () => {
    for (const url of ['/comunidad/foo%2F..%2Fx', '/comunidad/no-existe.js', '/assets/no-existe.js']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).not.toMatch(/^text\/plain/);
      if (res.statusCode === 404) expect(res.json(), url).toEqual({ message: MSG.notFound });
      else expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    }
  });
});

describe('media types', () => {
  it('a text/plain body on a JSON write is a 415, as application/xml is', async () => {
    for (const type of ['text/plain', 'text/plain; charset=utf-8', 'application/xml']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/branches',
        headers: { ...admin(), 'content-type': type },
        payload: '{"name":"Centro"}',
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toEqual({ message: MSG.unsupportedMediaType });
    }
  });
});

type Schema = { $ref?: string; allOf?: Schema[]; required?: string[]; properties?: Record<string, Schema> };
type Operation = {
  parameters?: { name: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};

describe('the document states the override and the PUT bodies as the server reads them', () => {
  const document = async () => (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  const resolve = (doc: { components: { schemas: Record<string, Schema> } }, schema: Schema): Schema =>
    schema.$ref ? resolve(doc, doc.components.schemas[schema.$ref.split('/').pop()!]!) : schema;
  const requiredOf = (doc: Parameters<typeof resolve>[0], schema: Schema): string[] => {
    const own = resolve(doc, schema);
    return [...(own.required ?? []), ...(own.allOf ?? []).flatMap((part) => requiredOf(doc, part))];
  };

  it('every POST twin of a PUT requires `_method: PUT` in each body it documents, and a body sent so is taken', async () => {
    const doc = await document();
    const twins = Object.entries(doc.paths as Record<string, Record<string, Operation>>).filter(([, item]) =>
      item.post?.parameters?.some((p) => p.name === 'X-HTTP-Method-Override'),
    );
    expect(twins.length).toBe(12);
    for (const [path, item] of twins) {
      expect(item.put, path).toBeDefined();
      const content = item.post!.requestBody!.content;
      expect(Object.keys(content).length, path).toBeGreaterThan(0);
      for (const [media, { schema }] of Object.entries(content)) {
        expect(requiredOf(doc, schema), `${path} ${media}`).toContain('_method');
      }
    }
    // As documented (the field, no header), each media type is the PUT.
    const branch = await createBranch(ctx.db);
    const url = `/api/branches/${branch.id}`;
    const json = await ctx.app.inject({
      method: 'POST',
      url,
      headers: admin(),
      payload: { name: 'Por JSON', _method: 'PUT' },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json().data.name).toBe('Por JSON');
    for (const body of [
      urlencoded({ name: 'Por formulario', _method: 'PUT' }),
      multipart({ name: 'Por multipart', _method: 'PUT' }),
    ]) {
      const res = await ctx.asAdminForm('POST', url, body);
      expect(res.statusCode, body.contentType).toBe(200);
    }
  });

  it('`active` is required in the PUT of point actions and surveys, as the server refuses it absent', async () => {
    const doc = await document();
    for (const path of ['/api/admin/point-actions/{id}', '/api/admin/surveys/{id}']) {
      for (const method of ['put', 'post'] as const) {
        const body = (doc.paths[path][method] as Operation).requestBody!.content['application/json']!.schema;
        expect(requiredOf(doc, body), `${method} ${path}`).toContain('active');
      }
    }
    const created = await ctx.asAdmin('POST', '/api/admin/point-actions', {
      key: 'visita',
      name: 'Visita',
      points: 5,
    });
    const res = await ctx.asAdmin('PUT', `/api/admin/point-actions/${created.json().data.id}`, {
      name: 'Visita',
      points: 5,
      daily_limit: null,
      cooldown_seconds: null,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['active']);
  });
});
