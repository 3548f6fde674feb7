#!/usr/bin/env node
// `npm run simulate -- [options]`: community-app traffic against a running server.
// Signs in as demo sellers and has each one use /api/app/* the way the app would: read the feed
// (and its next pages), like and unlike, comment, look at stories, notifications, events and their
// points, and answer surveys where the server offers them. Bounded in time and requests; loopback only.
import { parseArgs } from 'node:util';

const { values: opts } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:3000' },
    sellers: { type: 'string', default: '10' },
    duration: { type: 'string', default: '30' },
    'max-requests': { type: 'string', default: '2000' },
    'think-ms': { type: 'string', default: '150' },
    'admin-email': { type: 'string', default: process.env.SIM_ADMIN_EMAIL ?? 'admin@demo.local' },
    'admin-password': { type: 'string', default: process.env.SIM_ADMIN_PASSWORD ?? 'panel-demo-2026' },
    'seller-password': { type: 'string', default: process.env.SIM_SELLER_PASSWORD ?? 'vendedor-demo-2026' },
    seed: { type: 'string', default: '2026' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (opts.help) {
  console.log(`Uso: npm run simulate -- [opciones]
  --url URL               servidor (solo loopback; por defecto http://localhost:3000)
  --sellers N             vendedores de la demo que participan (por defecto 10, máx. 1000)
  --duration S            segundos como máximo (por defecto 30, máx. 3600)
  --max-requests N        pedidos como máximo en total (por defecto 2000, máx. 1000000)
  --think-ms MS           pausa media entre pedidos de un vendedor (por defecto 150)
  --admin-email/--admin-password   administrador que lista los vendedores (demo por defecto)
  --seller-password       contraseña de los vendedores (demo por defecto)
  --seed N                semilla del azar (mismas decisiones en cada corrida)`);
  process.exit(0);
}

const int = (name, min, max) => {
  const n = Number(opts[name]);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`--${name} debe ser un entero entre ${min} y ${max}`);
    process.exit(2);
  }
  return n;
};
const SELLERS = int('sellers', 1, 1000);
const DURATION_MS = int('duration', 1, 3600) * 1000;
const MAX_REQUESTS = int('max-requests', 1, 1_000_000);
const THINK_MS = int('think-ms', 0, 60_000);

const base = new URL(opts.url);
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
if (!LOOPBACK.has(base.hostname) && !base.hostname.startsWith('127.')) {
  console.error(`El simulador solo apunta a este equipo (localhost); no a ${base.hostname}.`);
  process.exit(2);
}

// Seeded PRNG, so a run can be repeated.
let seed = Number(opts.seed) | 0;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};
const pick = (list) => list[Math.floor(random() * list.length)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const COMMENTS = [
  '¡Excelente!',
  'Muy bueno, gracias por compartir.',
  'Lo aplico mañana en la sucursal.',
  '¡Vamos equipo!',
  'Buenísimo el exhibidor.',
  'Gracias por el dato.',
  'Los clientes lo están pidiendo mucho.',
  '¿Hay material para imprimir?',
];

const stats = {
  started: Date.now(),
  requests: 0,
  byRoute: new Map(),
  status: { '2xx': 0, '4xx': 0, '5xx': 0, network: 0 },
  errors: [],
  pointsAwarded: 0,
  likes: 0,
  unlikes: 0,
  comments: 0,
  views: 0,
  surveys: 0,
  surveysAvailable: null,
};
// The clock starts once every seller has signed in (sign-in is deliberately slow: scrypt).
let deadline = Date.now() + DURATION_MS;
const budgetLeft = () => stats.requests < MAX_REQUESTS && Date.now() < deadline;

async function call(route, method, path, { token, body } = {}) {
  stats.requests++;
  const entry = stats.byRoute.get(route) ?? { n: 0, ms: 0 };
  const t0 = performance.now();
  try {
    const res = await fetch(new URL(`/api${path}`, base), {
      method,
      headers: {
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    entry.n++;
    entry.ms += performance.now() - t0;
    stats.byRoute.set(route, entry);
    const cls = `${String(res.status)[0]}xx`;
    if (cls in stats.status) stats.status[cls]++;
    if (res.status >= 500) stats.errors.push(`${method} ${path} → ${res.status}`);
    let json;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {}
    return { status: res.status, json };
  } catch (error) {
    stats.status.network++;
    stats.errors.push(`${method} ${path} → ${error.cause?.code ?? error.message}`);
    return { status: 0, json: undefined };
  }
}

async function login(email, password) {
  const res = await call('POST /login', 'POST', '/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`No se pudo iniciar sesión como ${email} (HTTP ${res.status}).`);
  return res.json.token;
}

async function demoSellerEmails(adminToken, wanted) {
  const emails = [];
  for (let page = 1; emails.length < wanted; page++) {
    const res = await call(
      'GET /users',
      'GET',
      `/users?role=seller&active=true&per_page=100&sort=created_at&page=${page}`,
      { token: adminToken },
    );
    if (res.status !== 200) throw new Error(`No se pudieron listar los vendedores (HTTP ${res.status}).`);
    emails.push(...res.json.data.filter((u) => u.active !== false).map((u) => u.email));
    if (page >= res.json.meta.last_page) break;
  }
  return emails;
}

async function myPoints(token) {
  const res = await call('GET /app/me/points', 'GET', '/app/me/points', { token });
  return res.status === 200 ? res.json.data.total_points : null;
}

function answerFor(question) {
  switch (question.type) {
    case 'rating':
      return String(1 + Math.floor(random() * 5));
    case 'boolean':
      return random() < 0.7 ? 'true' : 'false';
    case 'multiple_choice':
      return pick(question.options ?? ['']);
    default:
      return pick(COMMENTS);
  }
}

async function answerSurvey(seller) {
  if (stats.surveysAvailable === false) return;
  const list = await call('GET /app/surveys', 'GET', '/app/surveys?per_page=20', { token: seller.token });
  if (list.status === 404) {
    stats.surveysAvailable = false; // not offered by this server (yet)
    return;
  }
  if (list.status !== 200) return;
  stats.surveysAvailable = true;
  const open = (list.json.data ?? []).filter((s) => !s.answered_by_me && Array.isArray(s.questions));
  const survey = pick(open);
  if (!survey) return;
  const answers = survey.questions.map((q) => ({ question_id: q.id, value: answerFor(q) }));
  const res = await call('POST /app/surveys/{id}/responses', 'POST', `/app/surveys/${survey.id}/responses`, {
    token: seller.token,
    body: { answers },
  });
  if (res.status === 201 || res.status === 200) stats.surveys++;
}

async function sellerSession(seller) {
  while (budgetLeft()) {
    const roll = random();
    if (roll < 0.3 || seller.posts.length === 0) {
      const next = seller.cursor && random() < 0.4 ? `&cursor=${seller.cursor}` : '';
      const res = await call('GET /app/feed', 'GET', `/app/feed?per_page=10${next}`, { token: seller.token });
      if (res.status === 200) {
        seller.posts = res.json.data;
        seller.cursor = res.json.meta.next_cursor;
      }
    } else if (roll < 0.5) {
      const post = pick(seller.posts);
      const res = await call('POST /app/posts/{id}/like', 'POST', `/app/posts/${post.id}/like`, {
        token: seller.token,
      });
      if (res.status === 200) {
        stats.likes++;
        stats.pointsAwarded += res.json.data.points_awarded;
        post.liked_by_me = true;
      }
    } else if (roll < 0.57) {
      const post = pick(seller.posts.filter((p) => p.liked_by_me)) ?? pick(seller.posts);
      const res = await call('DELETE /app/posts/{id}/like', 'DELETE', `/app/posts/${post.id}/like`, {
        token: seller.token,
      });
      if (res.status === 200) {
        stats.unlikes++;
        post.liked_by_me = false;
      }
    } else if (roll < 0.67) {
      const post = pick(seller.posts);
      const res = await call('POST /app/posts/{id}/comments', 'POST', `/app/posts/${post.id}/comments`, {
        token: seller.token,
        body: { content: pick(COMMENTS) },
      });
      if (res.status === 201) {
        stats.comments++;
        stats.pointsAwarded += res.json.data.points_awarded;
      }
    } else if (roll < 0.82) {
      const res = await call('GET /app/stories', 'GET', '/app/stories?per_page=20', { token: seller.token });
      const story = res.status === 200 ? pick(res.json.data) : undefined;
      if (story && budgetLeft()) {
        const view = await call('POST /app/stories/{id}/view', 'POST', `/app/stories/${story.id}/view`, {
          token: seller.token,
        });
        if (view.status === 200) {
          stats.views++;
          stats.pointsAwarded += view.json.data.points_awarded;
        }
      }
    } else if (roll < 0.87) {
      await call('GET /app/notifications', 'GET', '/app/notifications?per_page=20', { token: seller.token });
    } else if (roll < 0.92) {
      await call('GET /app/events', 'GET', '/app/events?per_page=20', { token: seller.token });
    } else if (roll < 0.96) {
      await myPoints(seller.token);
    } else {
      await answerSurvey(seller);
    }
    if (THINK_MS > 0) await sleep(THINK_MS * (0.5 + random()));
  }
}

function progress(final = false) {
  const s = (Date.now() - stats.started) / 1000;
  const line =
    `${final ? 'fin' : 't'}=${s.toFixed(0)}s pedidos=${stats.requests} (${(stats.requests / Math.max(s, 0.001)).toFixed(0)}/s) ` +
    `2xx=${stats.status['2xx']} 4xx=${stats.status['4xx']} errores=${stats.status['5xx'] + stats.status.network} ` +
    `puntos=+${stats.pointsAwarded}`;
  console.log(line);
}

async function main() {
  const health = await fetch(new URL('/api/health', base)).catch(() => null);
  if (!health?.ok) {
    console.error(`El servidor no responde en ${base.origin} (¿está corriendo? npm start).`);
    process.exit(1);
  }
  const adminToken = await login(opts['admin-email'], opts['admin-password']);
  const emails = (await demoSellerEmails(adminToken, SELLERS)).slice(0, SELLERS);
  if (emails.length === 0) throw new Error('No hay vendedores activos: cargá la demo (SEED_DEMO=1).');
  console.log(
    `Simulando ${emails.length} vendedores contra ${base.origin} (máx. ${DURATION_MS / 1000} s, ${MAX_REQUESTS} pedidos)…`,
  );

  const sellers = await Promise.all(
    emails.map(async (email) => {
      const token = await login(email, opts['seller-password']);
      return { email, token, posts: [], cursor: null, pointsBefore: await myPoints(token) };
    }),
  );
  console.log(
    `${sellers.length} sesiones abiertas en ${((Date.now() - stats.started) / 1000).toFixed(1)} s.`,
  );
  stats.started = Date.now();
  stats.requests = 0;
  stats.status = { '2xx': 0, '4xx': 0, '5xx': 0, network: 0 };
  deadline = stats.started + DURATION_MS;
  // The sign-ins above may have earned daily_login: counted in the ledger difference below.
  const timer = setInterval(() => progress(), 2000);
  await Promise.all(sellers.map((seller) => sellerSession(seller)));
  clearInterval(timer);

  let ledgerDelta = 0;
  for (const seller of sellers) {
    const after = await myPoints(seller.token);
    if (after !== null && seller.pointsBefore !== null) ledgerDelta += after - seller.pointsBefore;
  }
  for (const seller of sellers) await call('POST /logout', 'POST', '/logout', { token: seller.token });
  await call('POST /logout', 'POST', '/logout', { token: adminToken });

  progress(true);
  console.log('\nPedidos por ruta (cantidad, promedio):');
  for (const [route, { n, ms }] of [...stats.byRoute].sort((a, b) => b[1].n - a[1].n)) {
    console.log(
      `  ${route.padEnd(36)} ${String(n).padStart(6)}  ${(ms / Math.max(n, 1)).toFixed(1).padStart(7)} ms`,
    );
  }
  console.log(
    `\nAcciones: ${stats.likes} me gusta, ${stats.unlikes} no me gusta, ${stats.comments} comentarios, ` +
      `${stats.views} historias vistas, ${stats.surveys} encuestas respondidas` +
      (stats.surveysAvailable === false ? ' (el servidor no ofrece encuestas todavía)' : ''),
  );
  console.log(
    `Puntos otorgados por las acciones: +${stats.pointsAwarded}; diferencia en los saldos: +${ledgerDelta}`,
  );
  console.log(`Errores (5xx o red): ${stats.errors.length}`);
  for (const e of stats.errors.slice(0, 10)) console.log(`  ${e}`);
  process.exit(stats.errors.length > 0 ? 1 : 0);
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
