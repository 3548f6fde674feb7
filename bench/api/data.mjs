// The large tenant of `npm run bench`, generated inside PostgreSQL with set-based SQL (generate_series,
// INSERT … SELECT). BENCH_SCALE shrinks every count (0.1 = a tenth) for quick runs.
import { scryptSync } from 'node:crypto';

export const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const n = (full) => Math.max(1, Math.round(full * SCALE));

export const SIZES = {
  branches: Math.max(5, Math.round(50 * Math.min(1, SCALE * 4))),
  sellers: n(10_000),
  posts: n(100_000),
  likes: n(1_000_000),
  comments: n(300_000),
  stories: n(20_000),
  views: n(500_000),
  /** Post views: 500 sellers for each of the newest 2 000 posts, and every seller for the 5th newest (reach). */
  postViews: n(1_000_000),
  /** App visits (Participación): every seller on about half of the last 364 days (1.8M rows at full scale). */
  visitDays: 364,
  events: n(5_000),
  surveys: n(500),
  answers: n(200_000),
  transactions: n(2_000_000),
};

export const BENCH_SELLER = { email: 'vendedor.bench@bench.local', password: 'bench-vendedor-2026' };

/** The app's stored form (services/auth/passwords.ts), with a cheap N: the parameters travel in the string. */
function scryptHash(password) {
  const salt = Buffer.from('bench-salt-0123456789');
  const key = scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1 });
  return `scrypt$N=16384,r=8,p=1$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

const BIG_TABLES = [
  'posts',
  'post_images',
  'post_likes',
  'post_comments',
  'post_views',
  'app_visits',
  'stories',
  'story_views',
  'events',
  'survey_responses',
  'survey_answers',
  'point_transactions',
];

/** Fills an empty, migrated database. Secondary indexes are dropped during the load and rebuilt after. */
export async function generate(client, log = console.log) {
  const S = SIZES;
  const t0 = performance.now();
  const step = async (label, sql) => {
    const t = performance.now();
    await client.query(sql);
    log(`     ${label.padEnd(34)} ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  await client.query(`SET maintenance_work_mem = '256MB'`);
  await client.query(`SET synchronous_commit = off`);
  const { rows: indexes } = await client.query(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
     WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [BIG_TABLES],
  );
  for (const { indexname } of indexes) await client.query(`DROP INDEX "${indexname}"`);

  await step(
    `${S.branches} branches`,
    `INSERT INTO branches (name, city, address)
     SELECT 'Sucursal ' || (ARRAY['Norte','Sur','Centro','Oeste','Este','Puerto','Parque','Plaza'])[1 + i % 8] || ' ' || i,
       (ARRAY['Córdoba','Rosario','Mendoza','La Plata','Salta','Neuquén','Santa Fe','Mar del Plata','Bahía Blanca','Posadas'])[1 + i % 10],
       'Av. San Martín ' || (100 + i)
     FROM generate_series(1, ${S.branches}) AS i`,
  );
  const [b0] = (await client.query('SELECT min(id)::int AS id FROM branches')).rows.map((r) => r.id);
  await step(
    `${S.sellers} sellers`,
    `INSERT INTO users (name, email, role, branch_id, password_hash, active, created_at)
     SELECT (ARRAY['Juan','María','Lucía','Martín','Sofía','Diego','Valentina','Joaquín','Camila','Mateo','Florencia','Nicolás'])[1 + i % 12]
         || ' ' || (ARRAY['García','Fernández','González','Rodríguez','López','Martínez','Pérez','Gómez','Díaz','Sánchez','Romero','Álvarez','Benítez','Acosta'])[1 + (i / 12) % 14]
         || ' ' || i,
       'vendedor.' || i || '@bench.local', 'seller', ${b0} + i % ${S.branches}, 'bench-no-login',
       i % 50 <> 0, now() - interval '400 days' + (i || ' minutes')::interval
     FROM generate_series(0, ${S.sellers - 1}) AS i`,
  );
  const s0 = (await client.query(`SELECT min(id)::int AS id FROM users WHERE role = 'seller'`)).rows[0].id;
  // One seller of the first branch signs in for the community-app calls.
  await client.query(`UPDATE users SET email = $1, password_hash = $2, active = true WHERE id = $3`, [
    BENCH_SELLER.email,
    scryptHash(BENCH_SELLER.password),
    s0,
  ]);
  const admin = (await client.query(`SELECT min(id)::int AS id FROM users WHERE role = 'admin'`)).rows[0].id;
  const seller = (i) => `(${s0} + (${i}) % ${S.sellers})`;

  await step(
    `${S.posts} posts`,
    `INSERT INTO posts (user_id, content, branch_id, created_at, updated_at)
     SELECT ${seller('i * 7')},
       (ARRAY['Nueva oferta de temporada en la sucursal','Resultados del mes: superamos el objetivo',
              'Capacitación de producto el jueves','Foto de la vidriera renovada','Campaña de invierno: arrancamos',
              'Gracias equipo por el cierre de mes','Llegó mercadería nueva','Promoción exclusiva para clientes',
              'Ranking semanal de ventas','Reunión de sucursal el lunes'])[1 + i % 10] || ' #' || i,
       CASE WHEN i % 5 = 0 THEN NULL ELSE ${b0} + i % ${S.branches} END,
       now() - (i * (31536000 / ${S.posts}) || ' seconds')::interval,
       now() - (i * (31536000 / ${S.posts}) || ' seconds')::interval
     FROM generate_series(1, ${S.posts}) AS i`,
  );
  const p0 = (await client.query('SELECT min(id)::int AS id FROM posts')).rows[0].id;
  await step(
    'post images (1 or 2 per post)',
    `INSERT INTO post_images (post_id, position, storage_key, thumb_key, mime, size, width, height, created_at)
     SELECT p.id, k, 'bench/' || p.id || '-' || k || '.webp', 'bench/' || p.id || '-' || k || '-thumb.webp',
       'image/webp', 48000, 1280, 960, p.created_at
     FROM posts p, generate_series(0, 1) AS k WHERE k = 0 OR p.id % 3 = 0`,
  );
  const likeStep = Math.floor(S.sellers / Math.ceil(S.likes / S.posts));
  await step(
    `${S.likes} likes`,
    `INSERT INTO post_likes (post_id, user_id, created_at)
     SELECT ${p0} + i % ${S.posts}, ${s0} + (i % ${S.posts} + (i / ${S.posts}) * ${likeStep}) % ${S.sellers},
       now() - ((i::bigint * 7919) % 31536000 || ' seconds')::interval
     FROM generate_series(0, ${S.likes - 1}) AS i`,
  );
  // The newest posts are the ones seen: 500 sellers each for the newest 2 000, and the 5th newest (for
  // every branch) seen by every seller: the reach of "Vista por N de M" at its largest.
  const viewed = Math.min(2000, S.posts);
  const viewers = Math.max(1, Math.floor(S.postViews / viewed));
  await step(
    `${viewed * viewers} post views, 1 seen by all`,
    `INSERT INTO post_views (post_id, user_id, viewed_at)
     SELECT ${p0} + i % ${viewed}, ${s0} + (i % ${viewed} + (i / ${viewed}) * ${Math.max(1, Math.floor(S.sellers / viewers))}) % ${S.sellers},
       now() - ((i::bigint * 7919) % 604800 || ' seconds')::interval
     FROM generate_series(0, ${viewed * viewers - 1}) AS i
     ON CONFLICT DO NOTHING;
     INSERT INTO post_views (post_id, user_id, viewed_at)
     SELECT ${p0} + 4, ${s0} + i, now() - ((i::bigint * 7919) % 604800 || ' seconds')::interval
     FROM generate_series(0, ${S.sellers - 1}) AS i
     ON CONFLICT DO NOTHING`,
  );
  // Participación: each seller opens the app on about half the days of the last year (a hash of seller and
  // day, the same at every run), one row per seller and day as the app writes them.
  await step(
    `app visits: ${S.sellers} sellers × ~${S.visitDays / 2} days`,
    `INSERT INTO app_visits (user_id, day)
     SELECT ${s0} + i, current_date - d
     FROM generate_series(0, ${S.sellers - 1}) AS i, generate_series(0, ${S.visitDays - 1}) AS d
     WHERE ((i::bigint * 7919 + d * 104729) % 100) < 50`,
  );
  await step(
    `${S.comments} comments`,
    `INSERT INTO post_comments (post_id, user_id, content, created_at)
     SELECT ${p0} + (i * 7) % ${S.posts}, ${seller('i * 13')},
       (ARRAY['¡Excelente!','Muy bueno','Felicitaciones al equipo','¿Hasta cuándo dura?','Genial la vidriera'])[1 + i % 5],
       now() - ((i::bigint * 104729) % 31536000 || ' seconds')::interval
     FROM generate_series(0, ${S.comments - 1}) AS i`,
  );
  await step(
    `${S.stories} stories`,
    `INSERT INTO stories (title, image_key, thumb_key, created_by, branch_id, active, created_at)
     SELECT 'Historia ' || i, 'bench/story-' || i || '.webp', 'bench/story-' || i || '-thumb.webp', ${admin},
       CASE WHEN i % 4 = 0 THEN NULL ELSE ${b0} + i % ${S.branches} END, true,
       now() - (i * (31536000 / ${S.stories}) || ' seconds')::interval
     FROM generate_series(1, ${S.stories}) AS i`,
  );
  const st0 = (await client.query('SELECT min(id)::int AS id FROM stories')).rows[0].id;
  const viewStep = Math.floor(S.sellers / Math.ceil(S.views / S.stories));
  await step(
    `${S.views} story views`,
    `INSERT INTO story_views (story_id, user_id, viewed_at)
     SELECT ${st0} + i % ${S.stories}, ${s0} + (i % ${S.stories} + (i / ${S.stories}) * ${viewStep}) % ${S.sellers},
       now() - ((i::bigint * 7919) % 31536000 || ' seconds')::interval
     FROM generate_series(0, ${S.views - 1}) AS i`,
  );
  await step(
    `${S.events} events`,
    `INSERT INTO event_types (name, color)
       SELECT 'Tipo de evento ' || i, '#' || lpad(to_hex(i * 1234567 % 16777216), 6, '0') FROM generate_series(1, 10) AS i;
     INSERT INTO events (event_type_id, branch_id, title, description, start_at, end_at)
     SELECT (SELECT min(id) FROM event_types) + i % 10, CASE WHEN i % 3 = 0 THEN NULL ELSE ${b0} + i % ${S.branches} END,
       'Evento ' || i, 'Descripción del evento ' || i,
       now() - interval '180 days' + (i * (31536000 / ${S.events}) || ' seconds')::interval,
       now() - interval '180 days' + (i * (31536000 / ${S.events}) + 7200 || ' seconds')::interval
     FROM generate_series(1, ${S.events}) AS i`,
  );
  const perSurvey = Math.ceil(S.answers / 4 / S.surveys);
  await step(
    `${S.surveys} surveys, ${S.answers} answers`,
    `INSERT INTO surveys (title, description, active, branch_id, points_reward, created_at)
       SELECT 'Encuesta ' || i, 'Opinión sobre la campaña ' || i, i % 2 = 0,
         CASE WHEN i % 2 = 0 THEN NULL ELSE ${b0} + i % ${S.branches} END, 10, now() - (i || ' hours')::interval
       FROM generate_series(1, ${S.surveys}) AS i;
     INSERT INTO survey_questions (survey_id, question_text, type, required, "order")
       SELECT s.id, 'Pregunta ' || q, 'rating', true, q FROM surveys s, generate_series(1, 4) AS q;
     INSERT INTO survey_responses (survey_id, user_id, created_at)
       SELECT (SELECT min(id) FROM surveys) + i % ${S.surveys},
         ${s0} + (i % ${S.surveys} + (i / ${S.surveys}) * ${Math.max(1, Math.floor(S.sellers / perSurvey))}) % ${S.sellers},
         now() - ((i::bigint * 7919) % 31536000 || ' seconds')::interval
       FROM generate_series(0, ${S.surveys * perSurvey - 1}) AS i;
     INSERT INTO survey_answers (response_id, question_id, value)
       SELECT r.id, q.id, (1 + (r.id + q.id) % 5)::text
       FROM survey_responses r JOIN survey_questions q ON q.survey_id = r.survey_id`,
  );
  // The ledger's statement trigger adds the rows' point_search_keys (migration 0013), set-based.
  await step(
    `${S.transactions} point transactions`,
    `WITH a AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(points ORDER BY id) AS pts,
                       array_agg(name ORDER BY id) AS names FROM point_actions)
     INSERT INTO point_transactions (user_id, point_action_id, points, description, reference_type, reference_id, created_at)
     SELECT ${seller('i * 31')}, a.ids[1 + i % array_length(a.ids, 1)], a.pts[1 + i % array_length(a.ids, 1)],
       a.names[1 + i % array_length(a.ids, 1)] || CASE WHEN i % 97 = 0 THEN ' (campaña especial)' ELSE '' END,
       'bench', i::text, now() - ((i::bigint * 2654435761) % 31536000 || ' seconds')::interval
     FROM generate_series(1, ${S.transactions}) AS i, a`,
  );
  await step(`${indexes.length} secondary indexes rebuilt`, indexes.map((i) => i.indexdef).join(';\n'));
  await step('vacuum analyze', 'VACUUM ANALYZE');
  log(`     (generated in ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  return { sellerId: s0, firstBranchId: b0, firstPostId: p0 };
}
