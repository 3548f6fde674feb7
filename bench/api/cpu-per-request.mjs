#!/usr/bin/env node
// The server's own CPU time per request (utime + stime from /proc/<pid>/stat over N requests at
// 20 connections), for one or more builds of the API side by side on the same database and load:
// the figure docs/performance.md compares when the machine is too busy for req/s to be read.
//
//   CPU_DATABASE_URL=postgres://…/tenant   (a database that holds the bench tenant: BENCH_DATABASE_URL)
//   CPU_BUILDS=apps/api/dist,apps/api/dist-base   (server.js folders, relative to the repository)
//   CPU_PORT=3520 (builds listen on CPU_PORT, CPU_PORT+1, …)   CPU_REQUESTS=4000   CPU_ROUNDS=3
//   node bench/api/cpu-per-request.mjs '/api/health' '/api/users?per_page=20&q=gonzalez' …
// Every round runs each call on each build in turn (A, B, A, B…), so both see the same load.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { CONNECTIONS, load, login, root, startProcess, stopProcess } from './lib.mjs';

const url = process.env.CPU_DATABASE_URL;
if (!url) throw new Error('CPU_DATABASE_URL: a database with the bench tenant');
const builds = (process.env.CPU_BUILDS ?? 'apps/api/dist').split(',');
const basePort = Number(process.env.CPU_PORT ?? 3520);
const requests = Number(process.env.CPU_REQUESTS ?? 4000);
const rounds = Number(process.env.CPU_ROUNDS ?? 3);
const paths = process.argv.slice(2);
const ADMIN = { email: 'bench@bench.local', password: 'bench-admin-2026' };
const ticks = Number(process.env.CLK_TCK ?? 100);

/** utime + stime of a process, in µs. */
function cpuMicros(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / ticks;
}

const run = (base, path, token, amount) =>
  autocannon({
    url: base + path,
    connections: CONNECTIONS,
    amount,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const servers = [];
try {
  for (const [i, build] of builds.entries()) {
    const server = await startProcess({
      args: [join(build, 'server.js')],
      env: {
        DATABASE_URL: url,
        APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
        SEED_DEMO: '0',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
      port: basePort + i,
    });
    servers.push({ build, ...server, token: await login(server.base, ADMIN.email, ADMIN.password) });
  }
  console.log(`${requests} requests × ${rounds} rounds, ${CONNECTIONS} connections; root ${root}`);
  for (const path of paths) {
    const token = path.startsWith('/api/health') ? undefined : 'admin';
    for (const s of servers) await run(s.base, path, token && s.token, Math.min(500, requests)); // warm-up
    const figures = new Map(servers.map((s) => [s.build, []]));
    for (let r = 0; r < rounds; r++) {
      for (const s of servers) {
        const before = cpuMicros(s.proc.pid);
        const result = await run(s.base, path, token && s.token, requests);
        const used = cpuMicros(s.proc.pid) - before;
        if (result.non2xx || result.errors) throw new Error(`${s.build} ${path}: ${result.non2xx} non-2xx`);
        figures.get(s.build).push(Math.round(used / requests));
      }
    }
    console.log(`\n${path}   (load average ${load()})`);
    for (const [build, us] of figures) console.log(`  ${build.padEnd(22)} ${us.join(' / ')} µs per request`);
  }
} finally {
  for (const s of servers) await stopProcess(s.proc);
}
