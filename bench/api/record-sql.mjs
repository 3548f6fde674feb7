// Preloaded into the built server (`node --import`) by the bench: appends every statement the app sends
// through node-postgres, with its parameters (and its name, when prepared), to BENCH_SQL_LOG as JSON
// lines. The ceiling replays them.
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
      const name = typeof config === 'object' ? config?.name : undefined;
      appendFileSync(file, `${JSON.stringify({ name, text, values: plain })}\n`);
    }
    return query.call(this, config, values, callback);
  };
}
