#!/usr/bin/env node
// Crash test (docs/reliability.md): the traffic simulator plus bulk volumes and units writes,
// comments, survey answers and posts with images run against the real server, which is killed with
// SIGKILL at random moments. After every kill the database is opened directly and checked:
//   - every acknowledged write is present (volumes and units years, comments, answers, posts and
//     their image files);
//   - no 12-month volumes or units set is half-written (12 rows, one value, an acknowledged one or
//     the one in flight);
//   - the ledger equals the sum of its parts (the running totals point_totals against the ledger;
//     one survey reward per answer and none without one);
//   - no duplicated survey answer, and no answer without its rows;
//   - no orphan upload older than the server's start (the start-up sweep removed them); at the end,
//     after a last clean start and SIGTERM, none at all.
// Usage: node scripts/crash-test.mjs [--db pglite|postgres|both] [--kills 20] [--port 3550] [--source]
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ADMIN,
  call,
  createTarget,
  loadAverage,
  login,
  openDirect,
  prng,
  runSimulator,
  SELLER_PASSWORD,
  scriptOptions,
  sleep,
  startServer,
} from './lib/reliability.mjs';

const opts = scriptOptions(
  {
    db: { type: 'string', default: 'both' },
    kills: { type: 'string', default: '20' },
    'min-ms': { type: 'string', default: '1500' },
    'max-ms': { type: 'string', default: '7000' },
    sellers: { type: 'string', default: '6' },
    seed: { type: 'string', default: '2026' },
    // The panel's volumes dialog today: twelve separate upserts at once (shows what a crash does to them).
    'volumes-per-month': { type: 'boolean', default: false },
  },
  {
    port: '3550',
    usage: `Uso: node scripts/crash-test.mjs [opciones]
  --db pglite|postgres|both   base de datos (por defecto both)
  --kills N                   kill -9 por base (por defecto 20)
  --port P                    puerto del servidor (por defecto 3550)
  --source                    corre apps/api/src con tsx en lugar de dist (sin compilar)
  --pg-url URL                servidor PostgreSQL donde crear la base de prueba
  --min-ms/--max-ms           momento del kill tras arrancar el tráfico (1500–7000 ms)
  --sellers N                 vendedores del simulador (por defecto 6)
  --json FILE                 guarda las cifras en FILE
  --volumes-per-month         escribe los volúmenes con 12 upserts sueltos (como el diálogo del panel)`,
  },
);
const KILLS = Number(opts.kills);
const PORT = Number(opts.port);
const MIN_MS = Number(opts['min-ms']);
const MAX_MS = Number(opts['max-ms']);
const random = prng(Number(opts.seed));
const pick = (list) => list[Math.floor(random() * list.length)];
const kinds = opts.db === 'both' ? ['pglite', 'postgres'] : [opts.db];

const sharp = (await import('sharp')).default;
/** A small PNG of random pixels: a new content address, so new files, every time. */
const randomPng = () =>
  sharp(Buffer.from(Array.from({ length: 16 * 16 * 3 }, () => Math.floor(random() * 256))), {
    raw: { width: 16, height: 16, channels: 3 },
  })
    .png()
    .toBuffer();

// ---- The writers ---------------------------------------------------------------------------------

/** What the writers sent and what the server acknowledged, across every restart. */
function newLedger() {
  return {
    volumes: new Map(), // "user:year" → { acked: value | null, pending: values sent since }
    units: new Map(), // "user:supplier:brand:year" → same
    comments: [], // acknowledged comment ids
    answers: [], // acknowledged { survey_id, user_id }
    posts: [], // acknowledged { id, images }
    acked: 0,
    sent: 0,
    unanswered: 0, // refused connections and cut responses around the kill
    serverErrors: [], // 5xx: never expected
  };
}

async function runWriters(ctx, ledger, stop) {
  const { url, adminToken, sellers, supplierId, brandId } = ctx;
  const track = async (request) => {
    ledger.sent++;
    const res = await request();
    if (res.status >= 500) ledger.serverErrors.push(`${res.status} ${JSON.stringify(res.json)}`);
    if (res.status === 0) ledger.unanswered++;
    if (res.status >= 200 && res.status < 300) ledger.acked++;
    return res;
  };
  const yearSet = async (map, key, path, body) => {
    // Every value sent since the last acknowledged one may have committed (a request cut by a kill).
    const state = map.get(key) ?? { acked: null, pending: [] };
    map.set(key, state);
    const value = Math.floor(random() * 1_000_000);
    state.pending.push(value);
    const res =
      path === null
        ? await Promise.all(
            body(value).map((month) =>
              track(() => call(url, 'POST', '/user/volume/upsert', { token: adminToken, body: month })),
            ),
          ).then((all) => all.find((r) => r.status !== 200) ?? all[0])
        : await track(() => call(url, 'POST', path, { token: adminToken, body: body(value) }));
    if (res.status === 200) {
      state.acked = value;
      state.pending = [];
    }
    // Otherwise it may or may not have committed: the check accepts it too.
  };
  const volumes = async () => {
    while (!stop.now) {
      const user = pick(sellers);
      const year = 2031 + Math.floor(random() * 3);
      if (opts['volumes-per-month']) {
        await yearSet(ledger.volumes, `${user.id}:${year}`, null, (value) =>
          Array.from({ length: 12 }, (_, i) => ({
            user_id: user.id,
            year,
            month: i + 1,
            target_amount: value,
          })),
        );
        continue;
      }
      await yearSet(ledger.volumes, `${user.id}:${year}`, '/user/volume/bulk-upsert', (value) => ({
        user_id: user.id,
        year,
        items: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, target_amount: value })),
      }));
    }
  };
  const units = async () => {
    while (!stop.now) {
      const user = pick(sellers);
      const year = 2031 + Math.floor(random() * 3);
      await yearSet(
        ledger.units,
        `${user.id}:${supplierId}:${brandId}:${year}`,
        '/user/units/bulk-upsert',
        (value) => ({
          user_id: user.id,
          supplier_id: supplierId,
          brand_id: brandId,
          year,
          items: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, units: value })),
        }),
      );
    }
  };
  const comments = async () => {
    while (!stop.now) {
      const seller = pick(sellers);
      const feed = await call(url, 'GET', '/app/feed?per_page=10', { token: seller.token });
      const post = feed.status === 200 ? pick(feed.json.data) : null;
      if (!post) {
        await sleep(100);
        continue;
      }
      const res = await track(() =>
        call(url, 'POST', `/app/posts/${post.id}/comments`, {
          token: seller.token,
          body: { content: `Prueba de caída ${Math.floor(random() * 1e9)}` },
        }),
      );
      if (res.status === 201) ledger.comments.push(res.json.data.id);
    }
  };
  const answers = async () => {
    while (!stop.now) {
      const seller = pick(sellers);
      const list = await call(url, 'GET', '/app/surveys?per_page=20', { token: seller.token });
      const open = list.status === 200 ? list.json.data.filter((s) => !s.answered_by_me) : [];
      const survey = pick(open);
      if (!survey) {
        await sleep(200);
        continue;
      }
      const body = {
        answers: survey.questions.map((q) => ({
          question_id: q.id,
          value:
            q.type === 'rating'
              ? '4'
              : q.type === 'boolean'
                ? 'true'
                : q.type === 'multiple_choice'
                  ? q.options[0]
                  : 'Respuesta de la prueba de caídas',
        })),
      };
      const res = await track(() =>
        call(url, 'POST', `/app/surveys/${survey.id}/responses`, { token: seller.token, body }),
      );
      if (res.status === 201) ledger.answers.push({ survey_id: survey.id, user_id: seller.id });
    }
  };
  const posts = async () => {
    while (!stop.now) {
      const form = new FormData();
      form.set('content', `Publicación de la prueba de caídas ${Math.floor(random() * 1e9)}`);
      const count = 1 + Math.floor(random() * 2);
      for (let i = 0; i < count; i++) {
        form.append('images[]', new Blob([await randomPng()], { type: 'image/png' }), `foto-${i}.png`);
      }
      const res = await track(() => call(url, 'POST', '/posts', { token: adminToken, form }));
      if (res.status === 201) ledger.posts.push({ id: res.json.data.id, images: count });
    }
  };
  await Promise.all([volumes(), units(), comments(), answers(), posts()]);
}

// ---- The checks ----------------------------------------------------------------------------------

const TOTALS_MISMATCH = `
  WITH tz AS (SELECT coalesce((SELECT time_zone FROM point_totals_settings WHERE id = 1), 'UTC') AS name),
  expected AS (
    SELECT p.period, p.period_start, a.user_id, sum(a.points)::bigint AS points
    FROM point_transactions a CROSS JOIN tz
    CROSS JOIN LATERAL (VALUES
      ('all', DATE '1970-01-01'),
      ('month', date_trunc('month', a.created_at AT TIME ZONE tz.name)::date),
      ('week', date_trunc('week', a.created_at AT TIME ZONE tz.name)::date)
    ) AS p(period, period_start)
    GROUP BY 1, 2, 3
  )
  SELECT count(*)::int AS n FROM expected e FULL JOIN point_totals t USING (period, period_start, user_id)
  WHERE e.points IS DISTINCT FROM t.points AND NOT (e.points IS NULL AND t.points = 0)`;

async function check(target, ledger, { orphanCutoff, final }) {
  const problems = [];
  const db = await openDirect(target);
  const q = (text, params) => db.query(text, params);
  try {
    // Acknowledged comments, answers and posts.
    const comments = await q('SELECT count(*)::int AS n FROM post_comments WHERE id = ANY($1::int[])', [
      ledger.comments,
    ]);
    if (comments[0].n !== ledger.comments.length) {
      problems.push(`comentarios confirmados perdidos: ${ledger.comments.length - comments[0].n}`);
    }
    if (ledger.answers.length > 0) {
      const answers = await q(
        `SELECT count(*)::int AS n FROM survey_responses r
         JOIN unnest($1::int[], $2::int[]) AS a(survey_id, user_id) USING (survey_id, user_id)`,
        [ledger.answers.map((a) => a.survey_id), ledger.answers.map((a) => a.user_id)],
      );
      if (answers[0].n !== ledger.answers.length) {
        problems.push(`respuestas confirmadas perdidas: ${ledger.answers.length - answers[0].n}`);
      }
    }
    const postImages = await q(
      'SELECT post_id, storage_key, thumb_key FROM post_images WHERE post_id = ANY($1::int[])',
      [ledger.posts.map((p) => p.id)],
    );
    const imagesByPost = new Map();
    for (const row of postImages) imagesByPost.set(row.post_id, (imagesByPost.get(row.post_id) ?? 0) + 1);
    const lostPosts = ledger.posts.filter((p) => imagesByPost.get(p.id) !== p.images);
    if (lostPosts.length > 0)
      problems.push(`publicaciones confirmadas perdidas o incompletas: ${lostPosts.length}`);
    const uploads = join(target.dataDir, 'uploads');
    const fileOf = (key) => join(uploads, key.slice(0, 2), key);
    const missingFiles = postImages
      .flatMap((r) => [r.storage_key, r.thumb_key])
      .filter((k) => k && !existsSync(fileOf(k)));
    if (missingFiles.length > 0) problems.push(`imágenes confirmadas sin archivo: ${missingFiles.length}`);

    // Year sets: twelve rows with one value, the acknowledged one or the one in flight.
    const yearSets = async (label, map, rows) => {
      const found = new Map(rows.map((r) => [r.key, r]));
      for (const r of rows) {
        if (r.n !== 12 || r.lo !== r.hi)
          problems.push(`${label} ${r.key}: año a medio escribir (${r.n} meses, ${r.lo}–${r.hi})`);
      }
      for (const [key, state] of map) {
        const row = found.get(key);
        const allowed = [state.acked, ...state.pending].filter((v) => v !== null);
        if (!row) {
          if (state.acked !== null) problems.push(`${label} ${key}: el año confirmado no está`);
          continue;
        }
        if (!allowed.includes(Number(row.lo))) {
          problems.push(
            `${label} ${key}: vale ${row.lo}, se confirmó ${state.acked} (sin confirmar: ${state.pending.join(', ')})`,
          );
        }
      }
    };
    await yearSets(
      'volúmenes',
      ledger.volumes,
      await q(`SELECT user_id || ':' || year AS key, count(*)::int AS n, min(target_amount)::float8 AS lo,
                      max(target_amount)::float8 AS hi
               FROM monthly_volumes WHERE year > 2030 GROUP BY user_id, year`),
    );
    await yearSets(
      'unidades',
      ledger.units,
      await q(`SELECT user_id || ':' || supplier_id || ':' || brand_id || ':' || year AS key, count(*)::int AS n,
                      min(units) AS lo, max(units) AS hi
               FROM monthly_target_units WHERE year > 2030 GROUP BY user_id, supplier_id, brand_id, year`),
    );

    // The ledger and its parts.
    const [totals] = await q(TOTALS_MISMATCH);
    if (totals.n > 0) problems.push(`totales de puntos distintos del libro: ${totals.n}`);
    const [credits] = await q(`SELECT count(*)::int AS n FROM (
        SELECT user_id, reference_id FROM point_transactions
        WHERE point_action_id IS NULL AND reference_type = 'survey' GROUP BY 1, 2 HAVING count(*) > 1) d`);
    if (credits.n > 0) problems.push(`premios de encuesta duplicados: ${credits.n}`);
    const [unpaid] =
      await q(`SELECT count(*)::int AS n FROM survey_responses r JOIN surveys s ON s.id = r.survey_id
        WHERE s.points_reward > 0 AND NOT EXISTS (SELECT 1 FROM point_transactions t WHERE t.user_id = r.user_id
          AND t.point_action_id IS NULL AND t.reference_type = 'survey' AND t.reference_id = r.survey_id::text)`);
    if (unpaid.n > 0) problems.push(`respuestas sin su premio: ${unpaid.n}`);
    const [unanswered] = await q(`SELECT count(*)::int AS n FROM point_transactions t
        WHERE t.point_action_id IS NULL AND t.reference_type = 'survey' AND NOT EXISTS (
          SELECT 1 FROM survey_responses r WHERE r.user_id = t.user_id AND r.survey_id::text = t.reference_id)`);
    if (unanswered.n > 0) problems.push(`premios de encuesta sin respuesta: ${unanswered.n}`);

    // Survey answers: never twice, never a response without its answers.
    const [dupResponses] =
      await q(`SELECT count(*)::int AS n FROM (SELECT survey_id, user_id FROM survey_responses
        GROUP BY 1, 2 HAVING count(*) > 1) d`);
    const [dupAnswers] =
      await q(`SELECT count(*)::int AS n FROM (SELECT response_id, question_id FROM survey_answers
        GROUP BY 1, 2 HAVING count(*) > 1) d`);
    const [empty] = await q(`SELECT count(*)::int AS n FROM survey_responses r
        WHERE NOT EXISTS (SELECT 1 FROM survey_answers a WHERE a.response_id = r.id)`);
    if (dupResponses.n + dupAnswers.n > 0)
      problems.push(`respuestas de encuesta duplicadas: ${dupResponses.n + dupAnswers.n}`);
    if (empty.n > 0) problems.push(`respuestas de encuesta vacías: ${empty.n}`);

    // Uploads without a row: allowed only for files written since the last start (the next start
    // sweeps them); none at all at the end.
    const referenced = new Set(
      (
        await q(`SELECT storage_key AS k FROM post_images UNION SELECT thumb_key FROM post_images
                 UNION SELECT image_key FROM stories UNION SELECT thumb_key FROM stories`)
      ).map((r) => r.k),
    );
    let pending = 0;
    let stale = 0;
    if (existsSync(uploads)) {
      for (const e of readdirSync(uploads, { recursive: true, withFileTypes: true })) {
        if (!e.isFile() || referenced.has(e.name)) continue;
        const mtime = statSync(join(e.parentPath, e.name)).mtimeMs;
        if (final || mtime < orphanCutoff) stale++;
        else pending++;
      }
    }
    if (stale > 0) problems.push(`archivos subidos sin registro (huérfanos): ${stale}`);
    const [counts] = await q(`SELECT (SELECT count(*) FROM point_transactions)::int AS ledger,
        (SELECT count(*) FROM post_comments)::int AS comments, (SELECT count(*) FROM survey_responses)::int AS responses`);
    return { problems, pendingOrphans: pending, counts };
  } finally {
    await db.close();
  }
}

// ---- One database --------------------------------------------------------------------------------

async function runOn(kind) {
  const target = await createTarget(kind, { pgUrl: opts['pg-url'], label: 'crash' });
  // The start-up sweep may remove every unreferenced file at once: no other instance shares the folder.
  const serverEnv = { UPLOAD_ORPHAN_GRACE_SECONDS: '0' };
  const ledger = newLedger();
  const result = { kind, kills: 0, survived: 0, problems: [], restarts: [], pendingOrphansSwept: 0 };
  console.log(`\n=== ${target.describe}: ${KILLS} kill -9 ===`);
  try {
    let server = await startServer(target, { port: PORT, source: opts.source, env: serverEnv });
    console.log(`listo (primer arranque con datos de demostración) en ${server.readyMs} ms`);
    const adminToken = await login(server.url, ADMIN.email, ADMIN.password);
    const users = await call(
      server.url,
      'GET',
      '/users?role=seller&active=true&per_page=100&sort=created_at',
      {
        token: adminToken,
      },
    );
    const sellerRows = users.json.data.slice(0, 8);
    const sellers = [];
    for (const u of sellerRows)
      sellers.push({ id: u.id, token: await login(server.url, u.email, SELLER_PASSWORD) });
    const supplierId = (await call(server.url, 'GET', '/suppliers?per_page=1', { token: adminToken })).json
      .data[0].id;
    const brandId = (await call(server.url, 'GET', '/brands?per_page=1', { token: adminToken })).json.data[0]
      .id;

    for (let kill = 1; kill <= KILLS; kill++) {
      const ctx = { url: server.url, adminToken, sellers, supplierId, brandId };
      const stop = { now: false };
      const simulator = runSimulator(server.url, {
        sellers: opts.sellers,
        duration: 120,
        args: ['--think-ms', '40', '--seed', String(kill)],
      }).child;
      const writers = runWriters(ctx, ledger, stop);
      const wait = MIN_MS + Math.floor(random() * (MAX_MS - MIN_MS));
      await sleep(wait);
      server.child.kill('SIGKILL');
      await server.exited;
      stop.now = true;
      simulator.kill('SIGKILL');
      await writers;
      result.kills++;
      const checked = await check(target, ledger, { orphanCutoff: server.startedAt, final: false });
      result.pendingOrphansSwept += checked.pendingOrphans;
      const line = `kill ${kill}/${KILLS} a los ${wait} ms: ${ledger.acked} escrituras confirmadas en total, ${checked.pendingOrphans} archivos sin registro a barrer`;
      if (checked.problems.length > 0) {
        result.problems.push(...checked.problems.map((p) => `kill ${kill}: ${p}`));
        console.log(`${line}\n  FALLA: ${checked.problems.join('\n  FALLA: ')}`);
      } else {
        result.survived++;
        console.log(`${line}; todo en orden`);
      }
      server = await startServer(target, { port: PORT, source: opts.source, env: serverEnv });
      result.restarts.push(server.readyMs);
    }
    // A last clean stop: SIGTERM exits 0, and the start-up sweep left no orphan at all.
    server.child.kill('SIGTERM');
    const { code } = await server.exited;
    if (code !== 0) result.problems.push(`SIGTERM final: salió con ${code}`);
    const last = await check(target, ledger, { orphanCutoff: Date.now(), final: true });
    result.problems.push(...last.problems.map((p) => `final: ${p}`));
    result.counts = last.counts;
    result.sent = ledger.sent;
    result.acked = ledger.acked;
    result.unanswered = ledger.unanswered;
    result.serverErrors = ledger.serverErrors.length;
    if (ledger.serverErrors.length > 0) {
      result.problems.push(
        `respuestas 5xx: ${ledger.serverErrors.length} (${ledger.serverErrors.slice(0, 3).join('; ')})`,
      );
    }
    result.checked = {
      volumeYears: ledger.volumes.size,
      unitYears: ledger.units.size,
      comments: ledger.comments.length,
      answers: ledger.answers.length,
      posts: ledger.posts.length,
    };
    return result;
  } finally {
    await target.cleanup();
  }
}

const started = Date.now();
const results = [];
for (const kind of kinds) results.push(await runOn(kind));
const load = await loadAverage();
console.log('\n=== resumen ===');
for (const r of results) {
  const restart = r.restarts.length ? Math.max(...r.restarts) : 0;
  console.log(
    `${r.kind}: ${r.survived}/${r.kills} caídas superadas; ${r.acked} escrituras confirmadas verificadas ` +
      `(${r.checked.volumeYears} años de volúmenes, ${r.checked.unitYears} de unidades, ${r.checked.comments} comentarios, ` +
      `${r.checked.answers} respuestas, ${r.checked.posts} publicaciones con imágenes), ${r.unanswered} sin respuesta por el kill, ` +
      `${r.serverErrors} 5xx; ${r.pendingOrphansSwept} archivos huérfanos barridos al arrancar; reinicio más lento ${restart} ms; ` +
      `libro ${r.counts.ledger} movimientos`,
  );
  for (const p of r.problems) console.log(`  FALLA ${p}`);
}
console.log(`${((Date.now() - started) / 1000).toFixed(0)} s; carga del equipo (1, 5, 15 min): ${load}`);
if (opts.json)
  writeFileSync(
    opts.json,
    `${JSON.stringify({ results, load, seconds: (Date.now() - started) / 1000 }, null, 2)}\n`,
  );
process.exit(results.every((r) => r.problems.length === 0 && r.survived === r.kills) ? 0 : 1);
