import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

// The community app's build served under /comunidad/ next to the panel (issue 14).

let ctx: TestContext;
let missing: TestContext;
/** What the build inlines (apps/community/src/boot.ts): the page's one inline script. */
const BOOT = 'window.__communityEarly=new Map;';
const BOOT_HASH = `'sha256-${createHash('sha256').update(BOOT).digest('base64')}'`;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'panel-static-'));
  const web = join(dir, 'web');
  const community = join(dir, 'community');
  mkdirSync(join(web, 'assets'), { recursive: true });
  mkdirSync(join(community, 'assets'), { recursive: true });
  mkdirSync(join(community, 'icons'), { recursive: true });
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Panel</title>');
  writeFileSync(
    join(community, 'index.html'),
    `<!doctype html><meta charset="UTF-8" />\n<script>${BOOT}</script><title>Comunidad</title>` +
      '<script type="module" src="/comunidad/assets/index-3f2a9c.js"></script>',
  );
  writeFileSync(join(community, 'assets', 'index-3f2a9c.js'), 'console.log("app")');
  writeFileSync(join(community, 'sw.js'), 'self.addEventListener("push", () => {})');
  writeFileSync(join(community, 'manifest.webmanifest'), '{"name":"Comunidad"}');
  writeFileSync(join(community, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  ctx = await createTestContext({ env: { WEB_DIST_DIR: web, COMMUNITY_DIST_DIR: community } });
  missing = await createTestContext({ env: { WEB_DIST_DIR: web, COMMUNITY_DIST_DIR: join(dir, 'nada') } });
});
afterAll(async () => {
  await ctx?.close();
  await missing?.close();
});

const get = (url: string, app = ctx) => app.app.inject({ method: 'GET', url });

describe('/comunidad/', () => {
  it('serves the app, its index.html never cached', async () => {
    for (const url of ['/comunidad/', '/comunidad/index.html']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Comunidad</title>');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const bare = await get('/comunidad');
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/comunidad/');
  });

  it('answers its own index.html for the app routes (not the panel), a 404 for missing files', async () => {
    for (const url of ['/comunidad/notificaciones/12', '/comunidad/agenda?x=1', '/comunidad/publicacion/3']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Comunidad</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await get('/comunidad/assets/no-existe-1234.js')).statusCode).toBe(404);
    // The panel keeps its own fallback.
    expect((await get('/vendedores')).body).toContain('<title>Panel</title>');
  });

  it("lets the page's own inline script run, by its hash, and no other script but the app's files", async () => {
    for (const url of [
      '/comunidad/',
      '/comunidad/index.html',
      '/comunidad/agenda',
      '/comunidad/publicacion/3',
    ]) {
      const res = await get(url);
      const scriptSrc = res.headers['content-security-policy']
        ?.toString()
        .split(';')
        .find((directive) => directive.startsWith('script-src '));
      expect(scriptSrc, url).toBe(`script-src 'self' ${BOOT_HASH}`);
    }
    // Every other page and file keeps the policy without it; the API's answers allow no script at all.
    for (const url of ['/comunidad/sw.js', '/comunidad/assets/index-3f2a9c.js', '/vendedores'])
      expect((await get(url)).headers['content-security-policy'], url).toContain("script-src 'self';");
    expect((await get('/api/health')).headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it('caches hashed assets for a year; sw.js, the manifest and icons are revalidated', async () => {
    const asset = await get('/comunidad/assets/index-3f2a9c.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const sw = await get('/comunidad/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    // Scope /comunidad/ is inside the worker's own path: no Service-Worker-Allowed needed.
    expect(sw.headers['service-worker-allowed']).toBeUndefined();
    const manifest = await get('/comunidad/manifest.webmanifest');
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect((await get('/comunidad/icons/icon-192.png')).headers['cache-control']).toBe('no-cache');
  });

  it('tolerates a missing build: the panel and the API still answer', async () => {
    expect((await get('/api/health', missing)).statusCode).toBe(200);
    // Without the app, /comunidad/ is just another panel path.
    expect((await get('/comunidad/', missing)).body).toContain('<title>Panel</title>');
  });
});
