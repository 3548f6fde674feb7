#!/usr/bin/env node
// Builds the panel, the community app and the API when their output is missing or older than their sources,
// so `npm start` works on a fresh clone and stays instant on a built one. One line per build: the tools'
// own output (asset tables, progress) is kept and shown only when a build fails (`npm run build` shows it all).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Newest modification time under the given paths, skipping dependencies and output. */
function newest(paths) {
  let max = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) {
        if (name === 'node_modules' || name === 'dist') continue;
        walk(join(p, name));
      }
    } else if (st.mtimeMs > max) max = st.mtimeMs;
  };
  for (const p of paths) walk(join(root, p));
  return max;
}

const targets = [
  {
    name: '@panel/web',
    label: 'el panel',
    output: 'apps/web/dist/index.html',
    inputs: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/login.html',
      'apps/web/prerender-login.ts',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'apps/web/public',
      'packages/shared/src',
    ],
  },
  {
    name: '@panel/community',
    label: 'la app de vendedores (/comunidad/)',
    output: 'apps/community/dist/index.html',
    inputs: [
      'apps/community/src',
      'apps/community/index.html',
      'apps/community/vite.config.ts',
      'apps/community/package.json',
      'apps/community/public',
      'packages/shared/src',
    ],
  },
  {
    name: '@panel/api',
    label: 'la API',
    output: 'apps/api/dist/server.js',
    inputs: ['apps/api/src', 'apps/api/build.mjs', 'apps/api/package.json', 'packages/shared/src'],
  },
];

for (const t of targets) {
  const out = join(root, t.output);
  const stale = !existsSync(out) || statSync(out).mtimeMs < newest(t.inputs);
  if (!stale) continue;
  process.stdout.write(`Compilando ${t.label}…`);
  const started = Date.now();
  const r = spawnSync('npm', ['run', 'build', '--silent', '-w', t.name], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1' },
  });
  if (r.status !== 0) {
    process.stdout.write(' falló:\n');
    process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? `${r.error.message}\n` : ''}`);
    process.exit(r.status ?? 1);
  }
  const seconds = ((Date.now() - started) / 1000).toLocaleString('es-AR', { maximumFractionDigits: 1 });
  process.stdout.write(` listo en ${seconds} s\n`);
}
