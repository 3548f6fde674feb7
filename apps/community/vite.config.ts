import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
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

/** Brand teal of the panel (apps/web/src/app/theme.ts, shade 7). */
const THEME_COLOR = '#0b6c72';

export default defineConfig({
  base: '/comunidad/',
  plugins: [
    react(),
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
  },
});
