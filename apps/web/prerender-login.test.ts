import { paintBeforeScripts } from './prerender-login.ts';

// The head Vite writes into dist/login.html (abridged): the entry, its modulepreloads, then the CSS.
const built = `<head>
    <title>Panel de Administración</title>
    <script type="module" crossorigin src="/assets/login-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/preload-helper-b.js">
    <link rel="modulepreload" crossorigin href="/assets/login-screen-c.js">
    <link rel="stylesheet" crossorigin href="/assets/login-screen-d.css">
    <link rel="stylesheet" crossorigin href="/assets/login-e.css">
  </head>`;

describe('paintBeforeScripts (dist/login.html)', () => {
  it('puts the stylesheets ahead of every script', () => {
    const html = paintBeforeScripts(built);
    const lastCss = html.lastIndexOf('rel="stylesheet"');
    expect(lastCss).toBeGreaterThan(-1);
    expect(lastCss).toBeLessThan(html.indexOf('<script'));
    expect(lastCss).toBeLessThan(html.indexOf('rel="modulepreload"'));
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(2);
  });

  it('fetches the entry and every modulepreload at low priority, the stylesheets at their own', () => {
    const html = paintBeforeScripts(built);
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/login-a.js">');
    expect(html.match(/<link rel="modulepreload" fetchpriority="low"/g)).toHaveLength(2);
    expect(html).not.toMatch(/rel="stylesheet"[^>]*fetchpriority/);
    expect(paintBeforeScripts(html)).toBe(html);
  });

  it('refuses a document it cannot order, rather than building /login unordered', () => {
    expect(() => paintBeforeScripts('<head><title>x</title></head>')).toThrow();
  });
});
