// Bundles the server and the CLI for Node 20. npm dependencies stay external (node_modules is
// present at run time); @panel/shared is TypeScript source, so it is bundled in.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => name !== '@panel/shared',
);

const started = Date.now();
await build({
  entryPoints: { server: 'src/server.ts', cli: 'src/cli.ts' },
  outdir: 'dist',
  bundle: true,
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
console.log(`dist/server.js y dist/cli.js listos en ${Date.now() - started} ms`);
