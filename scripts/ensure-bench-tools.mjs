#!/usr/bin/env node
// The benchmarks' own tools (Lighthouse, puppeteer-core, chrome-launcher, autocannon) live in
// bench/package.json, outside the workspace, so neither the everyday install nor a server carries
// them (about 190 MB). The bench commands install them on first use, from bench/package-lock.json.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const bench = fileURLToPath(new URL('../bench', import.meta.url));
const installed = join(bench, 'node_modules', '.package-lock.json');
const fresh =
  existsSync(installed) && statSync(installed).mtimeMs >= statSync(join(bench, 'package-lock.json')).mtimeMs;
if (!fresh) {
  console.log('Instalando las herramientas de los benchmarks (bench/package.json)…');
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: bench,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
