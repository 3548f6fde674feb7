// Shared pieces of the API benchmarks: the built server as a child process, sign-in, autocannon runs,
// the machine's load and the PASS/FAIL table.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { serverProcess } from '../../scripts/lib/server-process.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
export const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

/**
 * The sellers' like limit set for the bench's traffic: one seller likes thousands of posts a second,
 * where the default (120 a minute, RATE_LIMIT_LIKES) answers 429 after the 120th and the bench would
 * measure refusals. The limiter still counts every like; it just never refuses one.
 */
export const BENCH_LIMITS = { RATE_LIMIT_LIKES: '999999/1m' };
export const LIMITS_NOTE = `sellers' like limit set for the bench's traffic: RATE_LIMIT_LIKES=${BENCH_LIMITS.RATE_LIMIT_LIKES} (one seller; the limiter counts every like, refuses none)`;

export const machine = () => `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`;
export const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** What a bench section prints about the conditions of its figures. */
export const conditions = {
  /** The section's heading: its title, the machine and its load, and the limits set for the bench. */
  head(title) {
    console.log(`\n== ${title}`);
    console.log(`   machine: ${machine()}; load average ${load()}`);
    console.log(`   ${LIMITS_NOTE}`);
  },
  /** How autocannon runs each call (`more`: what else the table shows). */
  autocannon: (more = '') =>
    `\n   autocannon, ${CONNECTIONS} connections, ${DURATION} s per run after a warm-up${more}`,
};

/** Starts a Node program (the built server, or the ceiling) and waits until `readyPath` answers 200. */
export async function startProcess({ args, env, port, readyPath = '/api/health', nodeArgs = [] }) {
  // A server left behind by an interrupted run would answer the readiness check, and the bench would
  // measure it instead of the one it starts.
  const taken = await fetch(`http://127.0.0.1:${port}${readyPath}`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} already answers (a server left behind by an earlier run?)`);
  const t0 = performance.now();
  const proc = spawn(process.execPath, [...nodeArgs, ...args], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  proc.on('exit', () => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error(`${args.join(' ')} exited before it was ready`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}${readyPath}`)).ok) {
        return { proc, ms: performance.now() - t0, base: `http://127.0.0.1:${port}` };
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const startServer = (env, port, nodeArgs = []) => {
  const run = serverProcess({ ...process.env, ...env });
  return startProcess({ args: run.args, env: run.env, port, nodeArgs });
};

export async function stopProcess(proc) {
  if (proc.exitCode !== null) return 0;
  const t0 = performance.now();
  const done = new Promise((r) => proc.on('exit', r));
  proc.kill('SIGTERM');
  await done;
  return performance.now() - t0;
}

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

export async function login(base, email, password) {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email} failed: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

/**
 * autocannon at CONNECTIONS connections: a warm-up (`warmup` s, WARMUP by default), then `duration`
 * seconds measured (DURATION by default).
 * `paths` (optional) is a list the requests cycle through (for example one like per post).
 */
export async function hammer({
  base,
  path,
  paths,
  method = 'GET',
  token,
  body,
  duration = DURATION,
  warmup = WARMUP,
}) {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  if (body) headers['content-type'] = 'application/json';
  let i = 0;
  const requests = paths
    ? [
        {
          setupRequest: (req) => {
            req.path = paths[i++ % paths.length];
            return req;
          },
        },
      ]
    : undefined;
  const options = {
    url: base + (path ?? paths[0]),
    method,
    headers,
    body,
    connections: CONNECTIONS,
    requests,
  };
  if (warmup > 0) await autocannon({ ...options, duration: warmup });
  const r = await autocannon({ ...options, duration });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
  };
}

export const rows = [];
/** One PASS/FAIL line. */
export function verdict(name, ok, detail) {
  rows.push({ name, ok });
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name.padEnd(62)} ${detail}`);
}

export function summary() {
  const failed = rows.filter((r) => !r.ok);
  console.log(`\n${rows.length - failed.length} PASS, ${failed.length} FAIL  (load average now ${load()})`);
  return failed.length;
}
