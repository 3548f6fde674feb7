#!/usr/bin/env node
// `npm start`: build what is not built, then run the server in this process's place,
// forwarding signals so SIGTERM shuts it down cleanly.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serverProcess } from './lib/server-process.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = spawnSync(process.execPath, ['scripts/ensure-built.mjs'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

const { args, env } = serverProcess();
const server = spawn(process.execPath, args, { cwd: process.cwd(), env, stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
