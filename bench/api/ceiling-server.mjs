// The raw ceiling: a bare Fastify with raw `pg`, no auth, validation, ORM, logging or hooks. For each
// benchmarked call it replays the statements the real server sent for it (recorded by record-sql.mjs),
// so the ratio measures what the application adds on top of the same SQL.
//   CEILING_CALLS: a JSON file [{ route, method, statements: [{ text, values }], idParam?, transaction }]
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

const calls = JSON.parse(readFileSync(process.env.CEILING_CALLS, 'utf8'));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

app.get('/health', async () => ({ status: 'ok' }));

calls.forEach((call, index) => {
  const url = call.idParam ? `/c/${index}/:id` : `/c/${index}`;
  const bind = (values, id) =>
    call.idParam
      ? values.map((v) =>
          String(v) === String(call.idParam) ? (typeof v === 'number' ? Number(id) : String(id)) : v,
        )
      : values;
  app.route({
    method: call.method,
    url,
    handler: async (request) => {
      const id = request.params?.id;
      // A statement the app prepared under a name is prepared under it here too (same plan reuse).
      const config = (s) => ({ name: s.name, text: s.text, values: bind(s.values, id) });
      if (call.transaction) {
        const client = await pool.connect();
        try {
          let last;
          for (const s of call.statements) last = await client.query(config(s));
          return last?.rows ?? [];
        } finally {
          client.release();
        }
      }
      // Statements the app sends together (a page and its count) run together here too.
      const results = await Promise.all(call.statements.map((s) => pool.query(config(s))));
      return results.map((r) => r.rows);
    },
  });
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
