// Bundles the server and the CLI for Node 20. npm dependencies stay external (node_modules is
// present at run time); @panel/shared is TypeScript source, so it is bundled in.
// Entries: server.js (the service's ExecStart), cli.js (`npm run admin`), and start-server.js, the
// start as a function with the options only code can pass (StartOptions), which the reliability
// suite's launcher imports. What they share is split into chunk-*.js files next to them, so the
// server's code is there once.
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => name !== '@panel/shared',
);

const started = Date.now();
// The chunks' names change with their content: last build's would stay beside the new ones.
rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { server: 'src/server.ts', cli: 'src/cli.ts', 'start-server': 'src/start-server.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  // Some CommonJS code paths call require(); ESM output has none unless we define it.
  banner: {
    js: "import { createRequire as __panelCreateRequire } from 'node:module'; const require = __panelCreateRequire(import.meta.url);",
  },
  // The shared package's "sideEffects" list trims the panel's bundles; the server loads every module
  // it imports, so zod's Spanish locale (a side effect of @panel/shared) is never dropped here.
  ignoreAnnotations: true,
  logLevel: 'info',
});
console.log(`dist/server.js, dist/cli.js y dist/start-server.js listos en ${Date.now() - started} ms`);
