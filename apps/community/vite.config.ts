import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { hangGuardMs } from '../../scripts/lib/vitest-budgets.mjs';
// The panel's build step that writes .br and .gz copies, which the server sends as they are.
import { precompress } from '../web/precompress.ts';

/**
 * vite-plugin-pwa 2.0 bundles the service worker with Rollup's `inlineDynamicImports: true`, which Vite 8's
 * Rolldown reports as deprecated on every build; this passes the same setting under its new name.
 */
function workerInOneFile(): Plugin {
  return {
    name: 'panel:sw-in-one-file',
    outputOptions({ inlineDynamicImports: _, ...options }) {
      return { ...options, codeSplitting: false };
    },
  };
}

/** src/boot.ts bundled on its own into one classic script (an IIFE, minified), for index.html to inline. */
async function bootScript(base: string): Promise<string> {
  const { build } = await import('vite');
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    base,
    publicDir: false,
    build: {
      write: false,
      minify: true,
      reportCompressedSize: false,
      rolldownOptions: {
        input: fileURLToPath(new URL('./src/boot.ts', import.meta.url)),
        output: { format: 'iife' },
      },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunk = outputs
    .flatMap((output) => ('output' in output ? output.output : []))
    .find((file) => file.type === 'chunk');
  if (!chunk) throw new Error('panel:early-boot: src/boot.ts built no script');
  const code = chunk.code.trim();
  if (/<\/script/i.test(code)) throw new Error('panel:early-boot: the boot script cannot be inlined');
  return code;
}

/**
 * Inicio's first load, sooner (issue 23, item 11):
 * - src/boot.ts is inlined into index.html as a classic script, ahead of the app: Inicio's first calls
 *   go out as the document is parsed, without waiting for a file of their own (one round trip less on
 *   a phone's connection). The server allows it by its hash (apps/api/src/plugins/static-app.ts).
 * - Inicio's own chunks (a lazy screen) are preloaded by index.html beside the app's, instead of being
 *   asked for only once the app has run: the app opens on Inicio (the manifest's start_url).
 */
function earlyBoot(firstScreen: string): Plugin {
  let base = '/';
  return {
    name: 'panel:early-boot',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const screen = chunks.find(
          (c) => c.moduleIds.some((id) => id.endsWith(firstScreen)) && !c.facadeModuleId?.endsWith('.html'),
        );
        const index = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('/index.html'));
        if (!screen || !index) throw new Error('panel:early-boot: a chunk is missing from the bundle');
        // What index.html already loads: the entry and everything it imports.
        const loaded = new Set<string>();
        const walk = (file: string) => {
          if (loaded.has(file)) return;
          loaded.add(file);
          for (const dep of chunks.find((c) => c.fileName === file)?.imports ?? []) walk(dep);
        };
        walk(index.fileName);
        const screenFiles: string[] = [];
        const collect = (file: string) => {
          if (loaded.has(file)) return;
          loaded.add(file);
          screenFiles.push(file);
          for (const dep of chunks.find((c) => c.fileName === file)?.imports ?? []) collect(dep);
        };
        collect(screen.fileName);
        // Right after the charset (which must stay in the first 1 024 bytes), and before the stylesheet:
        // a classic script after it would wait for it.
        const charset = /<meta charset="UTF-8" \/>/;
        if (!charset.test(html)) throw new Error('panel:early-boot: index.html has no <meta charset>');
        const boot = await bootScript(base);
        return {
          html: html.replace(charset, (meta) => `${meta}\n    <script>${boot}</script>`),
          tags: screenFiles.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head' as const,
          })),
        };
      },
    },
  };
}

/** Brand teal of the panel (apps/web/src/app/theme.ts, shade 7). */
const THEME_COLOR = '#0b6c72';

export default defineConfig({
  base: '/comunidad/',
  plugins: [
    react(),
    earlyBoot('/src/features/feed/feed-page.tsx'),
    precompress(),
    VitePWA({
      // Our own service worker (src/sw.ts): Workbox precaching and runtime caching, plus push and
      // notification clicks, which the generated one cannot do.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: null,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        buildPlugins: { vite: [workerInOneFile()] },
      },
      manifest: {
        id: '/comunidad/',
        name: 'Comunidad: la app del equipo de ventas',
        short_name: 'Comunidad',
        description: 'Novedades, historias, encuestas y puntos del equipo de ventas.',
        lang: 'es',
        dir: 'ltr',
        start_url: '/comunidad/',
        scope: '/comunidad/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#f4f7f7',
        theme_color: THEME_COLOR,
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  server: {
    port: 5174,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  resolve: {
    // One Preact: the app's own (another package of the repo brings an older one to the root).
    dedupe: ['preact'],
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  test: {
    environment: 'jsdom',
    globals: true,
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
    include: ['src/**/*.test.{ts,tsx}'],
    // Each test is held to its measured budget (docs/testing.md#runtime-budgets); testTimeout only stops a hang.
    setupFiles: ['../../scripts/lib/vitest-budgets-setup.mjs'],
    testTimeout: hangGuardMs(fileURLToPath(new URL('.', import.meta.url)), 5_000),
  },
});
