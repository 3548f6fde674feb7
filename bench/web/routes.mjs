// The routes `npm run bench:web` measures, one entry each. Add a route by adding an entry here:
//   path        what the cold browser opens (relative to the server);
//   session     null for a signed-out visit, or { email, password, store(loginAnswer) → { key: value } }:
//               the bench signs in through POST /api/login and writes those localStorage entries
//               before the page's own scripts run, the way the app itself stores its session;
//   ready       a CSS selector that is on screen once the page shows its data;
//   budget      { jsGzipKB, cssGzipKB }: every JS / CSS file fetched until the network is idle, gzip-sized;
//   lighthouse  { mobile: { performance }, desktop: { performance, accessibility, 'best-practices' } }
//               minimum scores (0-100), and `lcpMs` a maximum LCP; leave it out to skip Lighthouse for the route;
//   longTasks   { maxMs, rows }: the page is opened with `rows` rows per page, and the longest task while it
//               renders and while the user hovers, sorts and pages it must stay under maxMs.
// Timings never go in tests: this file is read only by the bench.

const ADMIN = { email: 'admin@demo.local', password: 'panel-demo-2026' };

/** The panel's zustand `persist` entry (apps/web/src/lib/auth-store.ts). */
const panelSession = {
  ...ADMIN,
  store: ({ token, user }) => ({
    'auth-storage': JSON.stringify({ state: { token, isAuthenticated: true, user }, version: 0 }),
  }),
};

/** The community app's own session entry (apps/community/src/lib/session.ts), as the demo seller. */
const sellerSession = {
  email: 'vendedor@demo.local',
  password: 'vendedor-demo-2026',
  store: ({ token, user }) => ({ 'community-auth': JSON.stringify({ token, user }) }),
};

export const routes = [
  {
    path: '/login',
    session: null,
    ready: 'form[aria-label="Iniciar sesión"] button[type="submit"]',
    budget: { jsGzipKB: 150 },
    lighthouse: {
      mobile: { performance: 97 },
      desktop: { performance: 95, accessibility: 95, 'best-practices': 95 },
    },
  },
  {
    path: '/dashboard',
    session: panelSession,
    ready: 'main h1, main h2',
    lighthouse: { desktop: {} },
  },
  {
    path: '/posts',
    session: panelSession,
    ready: 'table tbody tr[data-id]',
    lighthouse: { desktop: {} },
    longTasks: { maxMs: 200, rows: 100 },
  },
  {
    path: '/points-transactions',
    session: panelSession,
    ready: 'table tbody tr[data-id]',
    lighthouse: { desktop: {} },
    longTasks: { maxMs: 200, rows: 100 },
  },
  {
    // The sellers' app on a phone: the feed is its first screen (issue 23's budgets; issue 14 had 120 KB
    // and mobile 90). What issue 23 added beyond the feed (search, install guide, quiet hours, password
    // reset) must load only when used, so it is not counted here.
    path: '/comunidad/',
    session: sellerSession,
    ready: 'main article',
    budget: { jsGzipKB: 85 },
    lighthouse: { mobile: { performance: 97, accessibility: 100, lcpMs: 2000 } },
  },
];
