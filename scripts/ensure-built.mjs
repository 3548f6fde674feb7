#!/usr/bin/env node
// Builds the panel, the community app and the API when their output is missing or older than their sources,
// so `npm start` works on a fresh clone and stays instant on a built one.
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
    output: 'apps/api/dist/server.js',
    inputs: ['apps/api/src', 'apps/api/build.mjs', 'apps/api/package.json', 'packages/shared/src'],
  },
];

for (const t of targets) {
  const out = join(root, t.output);
  const stale = !existsSync(out) || statSync(out).mtimeMs < newest(t.inputs);
  if (!stale) continue;
  console.log(`[build] ${t.name} ...`);
  const r = spawnSync('npm', ['run', 'build', '-w', t.name], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`[build] ${t.name} failed`);
    process.exit(r.status ?? 1);
  }
}
