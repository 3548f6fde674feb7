import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { MSG } from '@panel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createBranch } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

let ctx: TestContext;
let webDir: string;
beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'panel-web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Panel de Administración</title>');
  writeFileSync(join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  // The /login screen, prerendered by the panel's build.
  writeFileSync(join(webDir, 'login.html'), '<!doctype html><title>Panel</title><main>Ingresar</main>');
  // What the build's precompress step writes next to each text asset.
  const bundle = `export const panel = ${JSON.stringify('Panel '.repeat(400))};`;
  writeFileSync(join(webDir, 'assets', 'entry-def456.js'), bundle);
  writeFileSync(join(webDir, 'assets', 'entry-def456.js.br'), brotliCompressSync(bundle));
  writeFileSync(join(webDir, 'assets', 'entry-def456.js.gz'), gzipSync(bundle));
  writeFileSync(
    join(webDir, 'index.html.gz'),
    gzipSync('<!doctype html><title>Panel de Administración</title>'),
  );
  ctx = await createTestContext({ env: { WEB_DIST_DIR: webDir } });
});
afterAll(() => ctx?.close());

const admin = () => bearer(ctx.admin.token);

describe('errors', () => {
  it('answers malformed JSON with 400 and the shared message', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/branches',
      headers: { ...admin(), 'content-type': 'application/json' },
      payload: '{"name": "Sin cerrar"',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.invalidJson });
  });

  it('answers unknown /api routes with a JSON 404 (a known path with another method: http-edges.test.ts)', async () => {
    for (const [method, url] of [
      ['GET', '/api/no-existe'],
      ['DELETE', '/api/no-existe/1'],
      ['GET', '/api'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: admin() });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ message: MSG.routeNotFound });
    }
  });

  it('answers a body over 1 MB with 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/branches',
      headers: { ...admin(), 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: MSG.payloadTooLarge });
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/branches',
      headers: { ...admin(), 'content-type': 'application/xml' },
      payload: '<branch/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: MSG.unsupportedMediaType });
  });

  it('answers a body that is not an object with 400', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/branches',
      headers: { ...admin(), 'content-type': 'application/json' },
      payload: '[1, 2]',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('body');
  });
});

describe('security headers', () => {
  it('sends nosniff and a CSP on API answers, errors, the panel and the docs', async () => {
    for (const url of [
      '/api/health',
      '/api/no-existe',
      '/',
      '/sucursales',
      '/api/docs',
      '/api/openapi.json',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBeDefined();
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
    // The pages allow what they load (Mantine's and Swagger UI's inline styles); the API's answers load nothing.
    for (const url of ['/', '/sucursales', '/api/docs'])
      expect(
        (await ctx.app.inject({ method: 'GET', url })).headers['content-security-policy'],
        url,
      ).toContain("style-src 'self' 'unsafe-inline'");
    for (const url of ['/api/health', '/api/no-existe', '/api/openapi.json'])
      expect((await ctx.app.inject({ method: 'GET', url })).headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
  });

  it('sends the full set of security headers on the pages, and the API set on every API answer (errors and a 401 too)', async () => {
    const pages = {
      'content-security-policy':
        "default-src 'self';base-uri 'self';script-src 'self';script-src-attr 'none';" +
        "style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;" +
        "connect-src 'self';object-src 'none';frame-ancestors 'none';form-action 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    // docs/decisions/2026-12-02-api-answers-security-headers.md: the headers that act on a response a
    // browser does not render as a page, and none of the documents' own.
    const api = {
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    };
    const documentsOnly = Object.keys(pages).filter((name) => !(name in api));
    for (const url of ['/', '/sucursales', '/api/docs', '/no-existe.png']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(pages))
        expect(res.headers[name], `${url} ${name}`).toBe(value);
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
    // '/api/branches' without a session: the access check's 401 carries them too (it ran before the
    // headers were set while it was an app-wide hook).
    for (const url of ['/api/health', '/api/no-existe', '/api/openapi.json', '/api/branches']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(api))
        expect(res.headers[name], `${url} ${name}`).toBe(value);
      for (const name of documentsOnly) expect(res.headers[name], `${url} ${name}`).toBeUndefined();
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('sends HSTS only over TLS (here: behind a trusted proxy saying https), never over plain HTTP', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const proxied = await createTestContext({ env: { TRUST_PROXY: 'loopback' } });
    try {
      const tls = await proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await proxied.app.inject({ method: 'GET', url: '/api/health' });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('does not upgrade insecure requests (the panel may be served over plain HTTP on a LAN)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});

describe('method override', () => {
  it('runs the PUT for a urlencoded POST with _method=PUT', async () => {
    const branch = await createBranch(ctx.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/branches/${branch.id}`,
      headers: { ...admin(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: '_method=PUT&name=Desde+formulario&city=Rosario',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: branch.id, name: 'Desde formulario', city: 'Rosario' });
    expect(res.json().data).not.toHaveProperty('_method');
  });

  it('runs the PUT for a multipart POST with a _method field', async () => {
    const branch = await createBranch(ctx.db);
    const boundary = '----panel-boundary';
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload = `${part('_method', 'PUT')}${part('name', 'Multiparte')}--${boundary}--\r\n`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/branches/${branch.id}`,
      headers: { ...admin(), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('Multiparte');
  });

  it('runs the PUT for a JSON POST with X-HTTP-Method-Override: PUT', async () => {
    const branch = await createBranch(ctx.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/branches/${branch.id}`,
      headers: { ...admin(), 'x-http-method-override': 'PUT' },
      payload: { name: 'Por encabezado' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('Por encabezado');
  });

  it('answers 405 to a POST without the override, and keeps the access rules', async () => {
    const branch = await createBranch(ctx.db);
    const plain = await ctx.app.inject({
      method: 'POST',
      url: `/api/branches/${branch.id}`,
      headers: admin(),
      payload: { name: 'X' },
    });
    expect(plain.statusCode).toBe(405);
    expect(plain.headers.allow).toBe('GET, HEAD, PUT, DELETE');
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/branches/${branch.id}`,
      headers: { 'x-http-method-override': 'PUT' },
      payload: { name: 'X' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('validates the overridden body like the PUT does', async () => {
    const branch = await createBranch(ctx.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/branches/${branch.id}`,
      headers: { ...admin(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: '_method=PUT&name=',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ name: [MSG.nameRequired] });
  });
});

describe('the built panel', () => {
  it('serves index.html without caching at / and for client-side routes', async () => {
    for (const url of ['/', '/sucursales', '/users/5?page=2']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('Panel de Administración');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year, and a missing asset is a 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await ctx.app.inject({ method: 'GET', url: '/assets/missing-1.js' })).statusCode).toBe(404);
  });

  it('sends the precompressed copies to clients that accept them, with the right headers', async () => {
    const url = '/assets/entry-def456.js';
    const br = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('export const panel');

    const gz = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('export const panel');

    const raw = await ctx.app.inject({ method: 'GET', url });
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.body).toContain('export const panel');

    const index = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(index.rawPayload).toString()).toContain('Panel de Administración');
  });

  it('answers /login with the prerendered login document, not the SPA one', async () => {
    for (const url of ['/login', '/login?next=1']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<main>Ingresar</main>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/login/otra' })).body).not.toContain('Ingresar');
  });

  it('never answers /api paths with the panel', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/sucursales' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MSG.routeNotFound });
  });
});

describe('docs', () => {
  it('serves the OpenAPI 3.1 document and the interactive reference', async () => {
    const doc = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toBe('3.1.0');
    expect(doc.json().components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    // Every script is a file, so the CSP needs no 'unsafe-inline' for scripts.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });
});

describe('uploads', () => {
  it('refuses multipart bodies on public routes (uploads need a session)', async () => {
    const boundary = '----x';
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: MSG.unsupportedMediaType });
  });
});
