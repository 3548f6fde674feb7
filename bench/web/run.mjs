#!/usr/bin/env node
// `npm run bench:web`: the panel as a browser sees it, against the built product.
//   1. bytes: for each route of routes.mjs, a cold Chromium counts every JS and CSS file fetched until the
//      network is idle (lazy chunks included), gzip-sized (level 9, the size of the .gz the server sends);
//   2. long tasks: the big lists with 100-row pages, PerformanceObserver('longtask') while they render,
//      while the pointer moves over every row and while the next page replaces them;
//   3. Lighthouse 12 (mobile and desktop presets) on a cold /login and on the signed-in screens.
// Every figure is printed against its budget; the exit code is 1 when one is not met.
// Timings live here and never in tests. Environment:
//   BENCH_WEB_PORT (default 3520), BENCH_WEB_URL (measure a server already running instead; no seeding),
//   CHROME_PATH (default /usr/bin/chromium), BENCH_WEB_SKIP_LIGHTHOUSE=1, BENCH_WEB_ONLY=/login,/posts,
//   BENCH_WEB_REPORTS=<dir> (each Lighthouse report saved there as JSON, to open in the Lighthouse viewer).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { serverProcess } from '../../scripts/lib/server-process.mjs';
import { routes as allRoutes } from './routes.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
process.env.CHROME_PATH = CHROME;
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3520);
const EXTERNAL = process.env.BENCH_WEB_URL;
const base = (EXTERNAL ?? `http://127.0.0.1:${PORT}`).replace(/\/$/, '');
export const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const only = process.env.BENCH_WEB_ONLY?.split(',').map((s) => s.trim());
const routes = only ? allRoutes.filter((r) => only.includes(r.path)) : allRoutes;

const results = [];
function record(section, name, value, unit, budget, cmp = '<=') {
  const ok = budget === undefined ? null : cmp === '<=' ? value <= budget : value >= budget;
  results.push({ section, name, value, unit, budget, cmp, ok });
  const mark = ok === null ? 'info' : ok ? 'PASS' : 'FAIL';
  const b =
    budget === undefined ? '' : `  budget ${cmp === '<=' ? '≤' : '≥'} ${budget}${unit ? ` ${unit}` : ''}`;
  console.log(`${mark.padEnd(4)} ${name.padEnd(62)} ${`${value}${unit ? ` ${unit}` : ''}`.padStart(12)}${b}`);
}
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

// ---------------------------------------------------------------------------------------------- server

async function waitHealthy(url, ms = 90_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server at ${url} did not become healthy`);
}

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'panel-bench-web-'));
  const env = { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '1' };
  for (const key of ['DATABASE_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'REDIS_URL']) delete env[key];
  env.NODE_ENV = 'production';
  env.LOG_LEVEL = 'warn';
  const run = serverProcess(env);
  const child = spawn(process.execPath, run.args, { cwd: root, env: run.env, stdio: 'ignore' });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitHealthy(base);
  } catch (e) {
    await stop();
    throw e;
  }
  return stop;
}

async function api(path, { token, method = 'GET', body } = {}) {
  const headers = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body && !(body instanceof FormData)) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers,
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
}

const sessions = new Map();
async function signIn(session) {
  const key = `${session.email}`;
  if (!sessions.has(key)) {
    sessions.set(
      key,
      await api('/login', { method: 'POST', body: { email: session.email, password: session.password } }),
    );
  }
  return sessions.get(key);
}

/** The demo data has a few dozen posts; the lists are measured with 100-row pages, so make sure two pages exist. */
async function ensureRows(token, min) {
  const sharp = (await import('sharp')).default;
  const posts = await api('/posts?per_page=5', { token });
  const missing = min - posts.meta.total;
  for (let i = 0; i < missing; i++) {
    const hue = (i * 47) % 360;
    const [r, g, b] = hsl(hue, 0.55, 0.55);
    const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g, b } } })
      .jpeg({ quality: 70 })
      .toBuffer();
    const form = new FormData();
    form.set(
      'content',
      `Publicación de carga ${i + 1}: exhibición de la semana en la sucursal, con las ofertas del mes.`,
    );
    form.set('branch_id', '0');
    form.append('images[]', new Blob([image], { type: 'image/jpeg' }), `carga-${i + 1}.jpg`);
    await api('/posts', { token, method: 'POST', body: form });
  }
  const tx = await api('/points/transactions?per_page=10', { token });
  return { posts: Math.max(posts.meta.total, min), transactions: tx.meta.total };
}

function hsl(h, s, l) {
  const k = (n) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0), f(8), f(4)].map((x) => Math.round(x * 255));
}

// ----------------------------------------------------------------------------------------------- bytes

async function newContext(browser, route, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({
    viewport,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
  });
  if (route.session) {
    const answer = await signIn(route.session);
    const entries = route.session.store(answer);
    // Written before the page's own scripts run (CDP, so it is not an inline script under the CSP).
    await context.addInitScript((e) => {
      for (const [k, v] of Object.entries(e)) localStorage.setItem(k, v);
    }, entries);
  }
  return context;
}

/** Resolves once no request has been in flight for `quietMs`. */
function networkQuiet(page, quietMs = 1000, maxMs = 30_000) {
  let inflight = 0;
  let timer;
  return new Promise((resolve) => {
    const done = () => {
      page.off('request', onReq);
      page.off('requestfinished', onEnd);
      page.off('requestfailed', onEnd);
      clearTimeout(cap);
      resolve();
    };
    const arm = () => {
      clearTimeout(timer);
      if (inflight === 0) timer = setTimeout(done, quietMs);
    };
    const onReq = () => {
      inflight++;
      clearTimeout(timer);
    };
    const onEnd = () => {
      inflight = Math.max(0, inflight - 1);
      arm();
    };
    const cap = setTimeout(done, maxMs);
    page.on('request', onReq);
    page.on('requestfinished', onEnd);
    page.on('requestfailed', onEnd);
    arm();
  });
}

async function measureBytes(browser, route) {
  const context = await newContext(browser, route);
  const page = await context.newPage();
  const files = [];
  const pending = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    const type = /\.css$/.test(url.pathname) ? 'css' : /\.m?js$/.test(url.pathname) ? 'js' : null;
    if (!type || url.origin !== new URL(base).origin) return;
    pending.push(
      (async () => {
        const body = await res.body().catch(() => Buffer.alloc(0));
        const sizes = await res
          .request()
          .sizes()
          .catch(() => ({ responseBodySize: 0 }));
        files.push({
          type,
          path: url.pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          transfer: sizes.responseBodySize,
          encoding: res.headers()['content-encoding'] ?? 'identity',
        });
      })(),
    );
  });
  await page.goto(`${base}${route.path}`, { waitUntil: 'commit' });
  await page.locator(route.ready).first().waitFor({ timeout: 30_000 });
  await networkQuiet(page);
  await Promise.all(pending);
  await context.close();

  const sum = (type, key) => files.filter((f) => f.type === type).reduce((s, f) => s + f[key], 0);
  const js = files.filter((f) => f.type === 'js');
  const css = files.filter((f) => f.type === 'css');
  record('bytes', `${route.path} JS files`, js.length, '');
  record(
    'bytes',
    `${route.path} JS gzip (transferred ${kb(sum('js', 'transfer'))} KB)`,
    kb(sum('js', 'gzip')),
    'KB',
    route.budget?.jsGzipKB,
  );
  record('bytes', `${route.path} CSS files`, css.length, '');
  record('bytes', `${route.path} CSS gzip`, kb(sum('css', 'gzip')), 'KB', route.budget?.cssGzipKB);
  if (process.env.BENCH_WEB_VERBOSE) {
    for (const f of [...files].sort((a, b) => b.gzip - a.gzip))
      console.log(
        `       ${f.path.padEnd(56)} ${String(kb(f.gzip)).padStart(7)} KB gzip  ${kb(f.raw)} KB raw`,
      );
  }
}

// ------------------------------------------------------------------------------------------ long tasks

const OBSERVE_LONG_TASKS = () => {
  window.__longTasks = [];
  window.__frames = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  // Long animation frames say what a long task was made of: scripts, and style and layout.
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const end = e.startTime + e.duration;
        window.__frames.push({
          start: e.startTime,
          duration: e.duration,
          script: e.scripts.reduce((sum, s) => sum + s.duration, 0),
          layout: e.styleAndLayoutStart ? end - e.styleAndLayoutStart : 0,
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
};

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);

/** Runs the long-task scenario RUNS times (the machine is shared) and records each phase's median. */
async function measureLongTasks(browser, route) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await longTaskRun(browser, route));
  const { maxMs } = route.longTasks;
  for (const [index, phase] of runs[0].entries()) {
    const values = runs.map((r) => r[index]);
    const sorted = [...values].sort((a, b) => a.longest - b.longest);
    const median = sorted[Math.floor(sorted.length / 2)];
    const cause = median.frame
      ? `; its frame: script ${Math.round(median.frame.script)} ms, style+layout ${Math.round(median.frame.layout)} ms`
      : '';
    console.log(
      `       ${route.path} ${phase.name}: runs ${values.map((v) => v.longest).join(' / ')} ms${cause}`,
    );
    record(
      'longtasks',
      `${route.path} ${phase.name}: longest task, median of ${RUNS}`,
      median.longest,
      'ms',
      maxMs,
    );
  }
}

async function longTaskRun(browser, route) {
  const { rows } = route.longTasks;
  const context = await newContext(browser, route);
  await context.addInitScript(OBSERVE_LONG_TASKS);
  const page = await context.newPage();
  const since = async () => page.evaluate(() => performance.now());
  const tasksAfter = async (t0) =>
    page.evaluate(
      (t) => ({
        tasks: window.__longTasks.filter((x) => x.start + x.duration >= t),
        frames: window.__frames.filter((x) => x.start + x.duration >= t),
      }),
      t0,
    );
  const rowSel = route.ready;
  const sep = route.path.includes('?') ? '&' : '?';

  const phases = [];
  // 1. Cold load of the first 100-row page: from navigation start to the rows on screen.
  await page.goto(`${base}${route.path}${sep}per_page=${rows}`, { waitUntil: 'commit' });
  await page.waitForFunction(
    (n) => document.querySelectorAll(n.sel).length >= n.rows,
    { sel: rowSel, rows },
    { timeout: 30_000 },
  );
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 300))));
  phases.push({ name: `load with ${rows} rows`, ...(await tasksAfter(0)) });

  // 2. The pointer over every row (row highlight on hover must not re-render the table).
  let t0 = await since();
  const boxes = await page.locator(rowSel).evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.left + Math.min(200, r.width / 2), y: r.top + r.height / 2 + window.scrollY };
    }),
  );
  for (const b of boxes) {
    await page.evaluate((y) => window.scrollTo(0, Math.max(0, y - 300)), b.y);
    const y = await page.evaluate((yy) => yy - window.scrollY, b.y);
    await page.mouse.move(b.x, y);
  }
  await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
  phases.push({ name: 'pointer over every row', ...(await tasksAfter(t0)) });

  // 3. The next page replaces the 100 rows.
  const firstId = await page.locator(rowSel).first().getAttribute('data-id');
  // Found before the clock starts: Playwright's role queries run in the page and would count.
  const next = await page
    .getByRole('button', { name: /siguiente/i })
    .first()
    .elementHandle();
  await next.scrollIntoViewIfNeeded();
  t0 = await since();
  await next.click();
  await page.waitForFunction(
    (n) => {
      const r = document.querySelectorAll(n.sel);
      return (
        r.length > 0 &&
        r[0].getAttribute('data-id') !== n.firstId &&
        !document.querySelector('[aria-busy="true"]')
      );
    },
    { sel: rowSel, firstId },
    { timeout: 30_000 },
  );
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 300))));
  phases.push({ name: 'next page', ...(await tasksAfter(t0)) });

  // 4. Back to the first page (kept in the query cache: pure re-render).
  t0 = await since();
  await page.goBack();
  await page.waitForFunction(
    (n) => document.querySelector(n.sel)?.getAttribute('data-id') === n.firstId,
    { sel: rowSel, firstId },
    { timeout: 30_000 },
  );
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 300))));
  phases.push({ name: 'back to the first page', ...(await tasksAfter(t0)) });

  await context.close();
  return phases.map((p) => {
    const top = p.tasks.reduce((a, t) => (t.duration > (a?.duration ?? 0) ? t : a), null);
    // The long animation frame that holds the longest task, if any.
    const frame = top
      ? p.frames
          .filter((f) => f.start < top.start + top.duration && f.start + f.duration > top.start)
          .sort((a, b) => b.duration - a.duration)[0]
      : undefined;
    return { name: p.name, longest: Math.round(top?.duration ?? 0), frame };
  });
}

// ------------------------------------------------------------------------------------------ lighthouse

async function runLighthouse(route, preset, minimums) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const puppeteer = (await import('puppeteer-core')).default;
  const config =
    preset === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined; // the default is the mobile preset (Moto G Power, slow 4G, 4× CPU)
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ['--headless=new', ...CHROME_FLAGS],
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    const flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    };
    if (route.session) {
      // Signed in: write the session the way the app stores it, then empty the HTTP cache (a cold load).
      const entries = route.session.store(await signIn(route.session));
      await page.goto(`${base}/api/health`);
      await page.evaluate((e) => {
        for (const [k, v] of Object.entries(e)) localStorage.setItem(k, v);
      }, entries);
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      flags.disableStorageReset = true;
    }
    const result = await lighthouse(`${base}${route.path}`, flags, config, page);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
    if (process.env.BENCH_WEB_REPORTS) {
      mkdirSync(process.env.BENCH_WEB_REPORTS, { recursive: true });
      const name = `${route.path.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'root'}-${preset}.json`;
      writeFileSync(join(process.env.BENCH_WEB_REPORTS, name), JSON.stringify(lhr));
    }
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    if (finalPath !== new URL(`${base}${route.path}`).pathname)
      console.log(`warn lighthouse ended on ${finalPath}, not ${route.path}`);
    for (const id of ['performance', 'accessibility', 'best-practices']) {
      const score = Math.round((lhr.categories[id]?.score ?? 0) * 100);
      record('lighthouse', `${route.path} ${preset} ${id}`, score, '', minimums?.[id], '>=');
    }
    const a = lhr.audits;
    const ms = (id) => Math.round(a[id]?.numericValue ?? 0);
    record('lighthouse', `${route.path} ${preset} FCP`, ms('first-contentful-paint'), 'ms');
    record(
      'lighthouse',
      `${route.path} ${preset} LCP`,
      ms('largest-contentful-paint'),
      'ms',
      minimums?.lcpMs,
    );
    record('lighthouse', `${route.path} ${preset} TBT`, ms('total-blocking-time'), 'ms');
    record(
      'lighthouse',
      `${route.path} ${preset} CLS ×1000`,
      Math.round((a['cumulative-layout-shift']?.numericValue ?? 0) * 1000),
      '',
    );
    if (process.env.BENCH_WEB_VERBOSE) {
      for (const cat of Object.values(lhr.categories))
        for (const ref of cat.auditRefs)
          if (ref.weight > 0 && a[ref.id].score !== null && a[ref.id].score < 0.9)
            console.log(`       ${cat.id}: ${ref.id} ${a[ref.id].displayValue ?? a[ref.id].score}`);
    }
    await browser.disconnect();
  } finally {
    chrome.kill();
  }
}

// ---------------------------------------------------------------------------------------------- main

const [l1, l5, l15] = loadavg().map((x) => x.toFixed(2));
console.log(`bench:web against ${base}; Chromium ${CHROME}; load average ${l1} ${l5} ${l15}`);
const stop = EXTERNAL ? async () => {} : await startServer();
let failed = false;
try {
  if (!EXTERNAL && routes.some((r) => r.longTasks)) {
    const admin = routes.find((r) => r.session)?.session;
    const { token } = await signIn(admin);
    const counts = await ensureRows(token, Math.max(...routes.map((r) => (r.longTasks?.rows ?? 0) * 2)));
    console.log(`data: ${counts.posts} posts, ${counts.transactions} point transactions`);
  }
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS });
  console.log('\n# JS and CSS per route (cold browser, until the network is idle)');
  for (const route of routes) await measureBytes(browser, route);
  console.log('\n# Long tasks on the big lists (PerformanceObserver longtask, no CPU throttling)');
  for (const route of routes.filter((r) => r.longTasks)) await measureLongTasks(browser, route);
  await browser.close();

  if (!process.env.BENCH_WEB_SKIP_LIGHTHOUSE) {
    console.log('\n# Lighthouse 12 (simulated throttling; mobile = slow 4G and 4× CPU)');
    for (const route of routes.filter((r) => r.lighthouse))
      for (const [preset, minimums] of Object.entries(route.lighthouse))
        await runLighthouse(route, preset, minimums);
  }
} catch (e) {
  console.error(e);
  failed = true;
} finally {
  await stop();
}
const [e1, e5, e15] = loadavg().map((x) => x.toFixed(2));
const fails = results.filter((r) => r.ok === false);
console.log(`\nload average at the end ${e1} ${e5} ${e15}`);
console.log(
  fails.length
    ? `${fails.length} budget(s) not met: ${fails.map((f) => f.name).join('; ')}`
    : 'every budget met',
);
process.exit(failed || fails.length ? 1 : 0);
