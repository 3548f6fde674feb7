// Preloaded into the built server (`node --import`) by the bench: appends every statement the app sends
// through node-postgres, with its parameters, to BENCH_SQL_LOG as JSON lines. The ceiling replays them.
import { appendFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.BENCH_SQL_LOG;
if (file) {
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function recorded(config, values, callback) {
    const text = typeof config === 'string' ? config : config?.text;
    const params =
      typeof config === 'object' && config?.values ? config.values : Array.isArray(values) ? values : [];
    if (typeof text === 'string') {
      const plain = params.map((v) => (v instanceof Date ? v.toISOString() : v));
      appendFileSync(file, `${JSON.stringify({ text, values: plain })}\n`);
    }
    return query.call(this, config, values, callback);
  };
}
