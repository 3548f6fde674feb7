import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

const MARK = '<!--login-screen-->';

/**
 * After the browser build, renders the login screen (src/login-prerender.tsx, built for Node in a
 * second, SSR build of the same sources) into dist/login.html, so /login paints from the HTML and
 * its CSS file before any script runs; src/login-main.tsx then hydrates it. No inline script is
 * added; Mantine's provider renders its theme variables as one <style> element.
 * Runs in `writeBundle`, before `precompress` compresses the files in `closeBundle`.
 */
export function prerenderLogin(): Plugin {
  let root = '';
  let outDir = '';
  let isSsr = false;
  return {
    name: 'panel-prerender-login',
    apply: 'build',
    // After Vite has written the chunk tags into login.html (a `post` hook), so it sees them all.
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => (ctx.filename.endsWith('login.html') ? paintBeforeScripts(html) : html),
    },
    configResolved(config) {
      root = config.root;
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(root, config.build.outDir);
      isSsr = Boolean(config.build.ssr);
    },
    async writeBundle() {
      if (isSsr) return;
      const { build } = await import('vite');
      // Under node_modules, so the built module finds react, Mantine and the rest where they are.
      await mkdir(join(root, 'node_modules'), { recursive: true });
      const tmp = await mkdtemp(join(root, 'node_modules', '.prerender-login-'));
      try {
        await build({
          root,
          configFile: false,
          logLevel: 'warn',
          build: {
            ssr: 'src/login-prerender.tsx',
            outDir: tmp,
            emptyOutDir: true,
            rollupOptions: { output: { entryFileNames: 'login-prerender.mjs' } },
          },
        });
        const { render } = (await import(pathToFileURL(join(tmp, 'login-prerender.mjs')).href)) as {
          render: () => string;
        };
        const file = join(outDir, 'login.html');
        const html = await readFile(file, 'utf8');
        if (!html.includes(MARK)) throw new Error(`login.html has no ${MARK} to fill`);
        await writeFile(file, html.replace(MARK, render()));
      } finally {
        await rm(tmp, { recursive: true, force: true });
      }
    },
  };
}

/**
 * /login paints from its HTML and CSS (the screen is prerendered); its scripts only hydrate it. Vite
 * writes the entry script and 16 modulepreloads first, all fetched at Chrome's High priority, so on a
 * slow connection the two stylesheets (the only files the first paint needs) queued behind ~115 KB of
 * JS: Lighthouse mobile put the first paint at 2.1 s on slow 4G. Here the stylesheets come first and
 * every script is fetched at low priority (`fetchpriority="low"`): the same files, the CSS ahead of
 * them (docs/product.md#sign-in-screen).
 */
export function paintBeforeScripts(html: string): string {
  const styles: string[] = [];
  const withoutStyles = html.replace(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g, (tag) => {
    styles.push(tag);
    return '';
  });
  const firstScript = withoutStyles.search(/[ \t]*<(script type="module"|link rel="modulepreload")/);
  if (styles.length === 0 || firstScript === -1)
    throw new Error('login.html has no stylesheet or script to order');
  const ordered = withoutStyles.slice(0, firstScript) + styles.join('') + withoutStyles.slice(firstScript);
  return ordered.replace(
    /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
    '<$1 fetchpriority="low"',
  );
}
