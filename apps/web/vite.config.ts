import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { hangGuardMs } from '../../scripts/lib/vitest-budgets.mjs';
import { precompress } from './precompress.ts';
import { prerenderLogin } from './prerender-login.ts';

export default defineConfig({
  plugins: [react(), prerenderLogin(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Two documents: the panel, and login.html (the /login screen, prerendered by prerenderLogin).
    rollupOptions: { input: { main: 'index.html', login: 'login.html' } },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    // Each test is held to its measured budget (docs/testing.md#runtime-budgets); testTimeout only stops a hang.
    setupFiles: ['./src/testing/setup.ts', '../../scripts/lib/vitest-budgets-setup.mjs'],
    testTimeout: hangGuardMs(fileURLToPath(new URL('.', import.meta.url)), 5_000),
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
