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
  it('a path the router refuses for its own method (a parameter over its length) is a 404, not a 405', async () => {
    // find-my-way refuses a parameter over 100 characters: the route is the path's, with this method.
    const url = `/api/files/${'a'.repeat(201)}`;
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers.allow).toBeUndefined();
    expect(res.json()).toEqual({ message: MSG.routeNotFound });
    // Another method on that path is still a 405 naming the path's own.
    const post = await ctx.app.inject({ method: 'POST', url });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

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
    expect(twins.length).toBe(15);
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

/**
 * Issue 28, item 7: the document says exactly what the server refuses. Every case below is made from
 * `/api/openapi.json` itself (no list of fields here): for every operation, an unknown query
 * parameter; for every documented parameter and top-level JSON body field, the value just past a
 * documented bound (`maximum`, `minimum`, `minLength`, `maxLength`, `pattern`) must be a 400 that
 * names that field, and the bound itself must not be refused for that field. A schema that gains a
 * check the document does not show, or a document that shows a bound the server does not keep,
 * fails here.
 */
describe('the document and the server refuse the same values', () => {
  type Json = Record<string, unknown>;
  type Param = { name: string; in: string; schema: Json };
  type Op = {
    parameters?: Param[];
    requestBody?: { content: Record<string, { schema: Json }> };
  };
  let doc: { paths: Record<string, Record<string, Op>>; components: { schemas: Record<string, Json> } };
  beforeAll(async () => {
    doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  const deref = (schema: Json): Json =>
    typeof schema.$ref === 'string' ? deref(doc.components.schemas[schema.$ref.split('/').pop()!]!) : schema;
  /** The schema's own branch that is not null (a nullable field), dereferenced. */
  const valueSchema = (schema: Json): Json => {
    const own = deref(schema);
    const branches = (own.anyOf as Json[] | undefined)?.filter((b) => b.type !== 'null');
    return branches?.length === 1 ? deref(branches[0]!) : own;
  };
  const patternsOf = (s: Json): string[] => [
    ...(typeof s.pattern === 'string' ? [s.pattern] : []),
    ...((s.allOf as Json[] | undefined) ?? []).flatMap(patternsOf),
  ];
  /** Candidates for a value a pattern refuses; the first one some documented pattern refuses is sent. */
  const OFF_PATTERN = ['a!b', 'a\u0000b', 'javascript:alert(1)', '//otro.example/x', '1999-12-31T10:00:00Z'];

  /** Values the document refuses (`refuse`) and its own extremes (`accept`) for one field. */
  function boundaryValues(schema: Json, asText: boolean) {
    const s = valueSchema(schema);
    const refuse: unknown[] = [];
    const accept: unknown[] = [];
    const num = (n: number) => (asText ? String(n) : n);
    if (s.type === 'integer' || s.type === 'number') {
      if (typeof s.maximum === 'number' && s.maximum < Number.MAX_SAFE_INTEGER) {
        refuse.push(num(s.type === 'integer' ? s.maximum + 1 : s.maximum * 10));
        if (!Array.isArray(s.enum)) accept.push(num(s.maximum));
      }
      if (typeof s.minimum === 'number' && s.minimum > Number.MIN_SAFE_INTEGER) {
        refuse.push(num(s.minimum - 1));
        if (!Array.isArray(s.enum)) accept.push(num(s.minimum));
      }
    }
    if (s.type === 'string' && !s.enum) {
      if (s.minLength === 1 && !asText) refuse.push('');
      if (typeof s.maxLength === 'number' && s.maxLength <= 1000) refuse.push('7'.repeat(s.maxLength + 1));
      const patterns = patternsOf(s).map((p) => new RegExp(p, 'u'));
      const off = OFF_PATTERN.find((v) => patterns.some((p) => !p.test(v)));
      if (off !== undefined) refuse.push(off);
    }
    return { refuse, accept };
  }

  const sample = (path: string) => path.replace(/\{[^}]+\}/g, '1');
  const tokenFor = (path: string) => (path.startsWith('/api/app/') ? ctx.seller.token : ctx.admin.token);
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ['get', 'put', 'post', 'patch', 'delete'].includes(method))
        .map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
    );
  const isTwin = (op: Op) => op.parameters?.some((p) => p.name === 'X-HTTP-Method-Override');
  const send = (method: string, path: string, url: string, payload?: object) =>
    ctx.app.inject({
      method: method as 'GET',
      url,
      headers: bearer(tokenFor(path)),
      ...(payload ? { payload } : {}),
    });
  const messagesOf = (res: { statusCode: number; json: () => unknown }, field: string): string[] =>
    res.statusCode === 400
      ? ((res.json() as { errors?: Record<string, string[]> }).errors?.[field] ?? [])
      : [];
  const named = (res: { statusCode: number; json: () => unknown }, field: string) =>
    res.statusCode === 400 && Object.hasOwn((res.json() as { errors?: object }).errors ?? {}, field);

  it('every operation refuses a query parameter it does not declare, naming it', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const { path, method, op } of operations()) {
      if (isTwin(op)) continue;
      const res = await send(method, path, `${sample(path)}?zz_no_existe=1`);
      checked++;
      if (!named(res, 'zz_no_existe'))
        problems.push(`${method} ${path} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(120);
  });

  /**
   * Sends each refused value (it must be a 400 naming `field`) and each documented extreme (it must
   * not get the message a refused value got: it may still be refused for another reason, such as
   * a branch that does not exist).
   */
  async function probe(
    label: string,
    field: string,
    values: { refuse: unknown[]; accept: unknown[] },
    call: (value: unknown) => Promise<{ statusCode: number; body: string; json: () => unknown }>,
    problems: string[],
  ) {
    const boundMessages = new Set<string>();
    for (const value of values.refuse) {
      const res = await call(value);
      if (!named(res, field)) {
        problems.push(
          `${label} ${field}=${JSON.stringify(value)} → ${res.statusCode} ${res.body.slice(0, 120)}`,
        );
      } else for (const m of messagesOf(res, field)) boundMessages.add(m);
    }
    for (const value of values.accept) {
      const res = await call(value);
      if (messagesOf(res, field).some((m) => boundMessages.has(m))) {
        problems.push(
          `${label} ${field}=${JSON.stringify(value)} documentado pero rechazado: ${res.body.slice(0, 160)}`,
        );
      }
    }
    return values.refuse.length;
  }

  it('every documented query parameter and id in a path refuses the value past its bound and takes the bound', async () => {
    const problems: string[] = [];
    let refused = 0;
    for (const { path, method, op } of operations()) {
      if (method !== 'GET') continue;
      for (const param of op.parameters ?? []) {
        // Path parameters: the ids (the text key of /api/files is that route's own matter).
        const id = param.in === 'path' && valueSchema(param.schema).type === 'integer';
        if (param.in !== 'query' && !id) continue;
        const urlWith = (value: unknown) =>
          param.in === 'path'
            ? sample(path.replace(`{${param.name}}`, encodeURIComponent(String(value))))
            : `${sample(path)}?${new URLSearchParams([[param.name, String(value)]])}`;
        refused += await probe(
          `${method} ${path}`,
          param.name,
          boundaryValues(param.schema, true),
          (value) => send(method, path, urlWith(value)),
          problems,
        );
      }
    }
    expect(problems).toEqual([]);
    expect(refused).toBeGreaterThan(100);
  });

  it('every documented JSON body field refuses the value past its bound and takes the bound', async () => {
    const problems: string[] = [];
    let refused = 0;
    for (const { path, method, op } of operations()) {
      const json = op.requestBody?.content['application/json']?.schema;
      if (!json || isTwin(op)) continue;
      for (const [field, schema] of Object.entries((deref(json).properties ?? {}) as Record<string, Json>)) {
        refused += await probe(
          `${method} ${path}`,
          field,
          boundaryValues(schema, false),
          (value) => send(method, path, sample(path), { [field]: value }),
          problems,
        );
      }
    }
    expect(problems).toEqual([]);
    expect(refused).toBeGreaterThan(40);
  });

  it('the integers stored as int4 are documented up to 2147483647 and 2147483648 is refused by name', async () => {
    const unbounded: string[] = [];
    const visit = (schema: unknown, where: string, seen: Set<string>): void => {
      if (!schema || typeof schema !== 'object') return;
      if (Array.isArray(schema)) {
        for (const [i, item] of schema.entries()) visit(item, `${where}[${i}]`, seen);
        return;
      }
      const s = schema as Json;
      if (typeof s.$ref === 'string') {
        const name = s.$ref.split('/').pop()!;
        if (!seen.has(name)) visit(doc.components.schemas[name], `#${name}`, new Set([...seen, name]));
        return;
      }
      if (s.type === 'integer' && !(typeof s.maximum === 'number' && s.maximum <= 2_147_483_647)) {
        unbounded.push(`${where} (maximum ${String(s.maximum)})`);
      }
      for (const [key, value] of Object.entries(s)) visit(value, `${where}.${key}`, seen);
    };
    for (const { path, method, op } of operations()) {
      for (const param of op.parameters ?? [])
        visit(param.schema, `${method} ${path} ${param.name}`, new Set());
      if (op.requestBody) visit(op.requestBody, `${method} ${path} body`, new Set());
    }
    // The audit trail's entity_id is a bigint column: the one integer a request may send past int4.
    expect(unbounded).toEqual(['GET /api/audit entity_id (maximum 9007199254740991)']);
  });

  it('If-Match: the documented pattern and the parser agree on what is well formed', async () => {
    const { IF_MATCH_PATTERN, parseIfMatch } = await import('../../../src/lib/preconditions.ts');
    const put = doc.paths['/api/branches/{id}']!.put!.parameters!.find((p) => p.name === 'If-Match')!;
    expect(put.schema.pattern).toBe(IF_MATCH_PATTERN);
    const pattern = new RegExp(IF_MATCH_PATTERN);
    for (const value of [
      '*',
      '"1"',
      'W/"1"',
      '"1", "2"',
      '"1", , "2"',
      ' "1" ',
      '"1",',
      '1',
      '"1',
      'W/1',
      '',
      '"1" "2"',
      ', "1"',
      '**',
    ]) {
      expect(pattern.test(value), JSON.stringify(value)).toBe(parseIfMatch(value) !== 'invalid');
    }
    const branch = await createBranch(ctx.db);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/branches/${branch.id}`,
      headers: { ...admin(), 'if-match': '1' },
      payload: { name: 'Sin comillas' },
    });
    expect(res.statusCode).toBe(400);
  });
});
