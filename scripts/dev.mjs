#!/usr/bin/env node
// `npm run dev`: the API with reload on :3000 and Vite on :5173 proxying /api to it.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

// npm runs workspace scripts inside the workspace; keep the data where `npm start` keeps it.
const env = { ...process.env, DATA_DIR: resolve(process.env.DATA_DIR ?? 'data') };

const children = [
  spawn('npm', ['run', 'dev', '-w', '@panel/api'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', '@panel/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
