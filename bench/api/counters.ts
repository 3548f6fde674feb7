// The counters' cost per request (issue 29; docs/decisions/2026-12-02-counters-on-rate-limiter-flexible.md):
// what sign-in, the password checks and the sellers' writes pay to count, with the memory store and with
// Redis (REDIS_URL, default the local one). CPU time per operation is the figure to compare (the wall time
// moves with the machine's load). Figures, not assertions.
//   cd apps/api && npx tsx ../../bench/api/counters.ts

import { cpus, loadavg } from 'node:os';
import { Redis } from 'ioredis';
import { WindowCounters } from '../../apps/api/src/lib/counters.ts';
import { DEFAULT_SELLER_LIMITS } from '../../apps/api/src/lib/seller-limit-settings.ts';
import { LoginThrottle, WindowCounterStore } from '../../apps/api/src/services/auth/login-throttle.ts';
import { SellerLimiter, WindowLimitStore } from '../../apps/api/src/services/limits/seller-limits.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function measure(name: string, n: number, op: (i: number) => Promise<unknown>) {
  for (let i = 0; i < Math.min(n, 2000); i++) await op(i + 10_000_000);
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await op(i);
  const wall = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  const perOp = (x: number) => (x / n).toFixed(2).padStart(8);
  console.log(
    `${name.padEnd(50)} ${perOp(used.user + used.system)} µs CPU/op ${perOp(wall * 1000)} µs wall/op`,
  );
}

const run = Date.now();
async function suite(label: string, counters: () => WindowCounters, n: number) {
  const login = new LoginThrottle(new WindowCounterStore(counters()), undefined, `bench:${run}:login:`);
  const seller = new SellerLimiter(
    new WindowLimitStore(counters()),
    DEFAULT_SELLER_LIMITS,
    `bench:${run}:limits:`,
  );
  await measure(`${label} seller write (hit)`, n, (i) => seller.hit('likes', i % 1000));
  await measure(`${label} seller write that wrote nothing (hit + refund)`, n, async (i) => {
    const verdict = await seller.hit('comments', 5000 + (i % 1000));
    await seller.refund(verdict.key);
  });
  await measure(`${label} sign-in failure (admit + recordFailure)`, n, async (i) => {
    const attempt = { email: `u${i % 500}@x.com`, ip: `10.0.${i % 200}.1`, device: null };
    await login.admit(attempt);
    await login.recordFailure(attempt);
  });
  await measure(`${label} password check (check + hit)`, n, async (i) => {
    await login.check(`pw:${i % 500}`, 10);
    await login.hit(`pw:${i % 500}`, 10, 900_000);
  });
  await login.close();
  await seller.close();
}

console.log(
  `${cpus().length} × ${cpus()[0]?.model}, Node ${process.version}, load ${loadavg()[0]!.toFixed(1)}`,
);
await suite('memory', () => new WindowCounters(), Number(process.env.N_MEMORY ?? 50_000));
const redis = async () => {
  const client = new Redis(REDIS_URL, { enableOfflineQueue: false, commandTimeout: 1000 });
  await new Promise((resolve) => client.once('ready', resolve));
  return client;
};
const [a, b] = [await redis(), await redis()];
const clients = [a, b];
await suite(
  'redis ',
  () => new WindowCounters({ redis: clients.shift()! }),
  Number(process.env.N_REDIS ?? 5_000),
);
const keys = await new Redis(REDIS_URL).keys(`bench:${run}:*`);
console.log(`${keys.length} keys of this run left in Redis, expiring with their windows`);
process.exit(0);
