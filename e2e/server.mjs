#!/usr/bin/env node
// Starts the built product for the browser tests on a fresh embedded database with demo data.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serverProcess } from '../scripts/lib/server-process.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// E2E_DATA_DIR: another run at the same time (npm test's Node 26 smoke) keeps its own.
const dataDir = process.env.E2E_DATA_DIR ?? fileURLToPath(new URL('../.artifacts/e2e-data', import.meta.url));
rmSync(dataDir, { recursive: true, force: true });

const env = {
  ...process.env,
  PORT: process.env.E2E_PORT ?? '3300',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SEED_DEMO: '1',
};
for (const key of ['DATABASE_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'REDIS_URL']) delete env[key];

const run = serverProcess(env);
const server = spawn(process.execPath, run.args, { cwd: root, env: run.env, stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
