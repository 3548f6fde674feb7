import type { TAppPost, TBranch, TUser } from '@panel/shared';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
} from '@playwright/test';
import { apiLogin, auth, createBranch, createUser, unique } from './api.ts';

/** The app's address (apps/community, Vite base /comunidad/). */
export const APP = '/comunidad/';

/**
 * A desktop browser for the panel beside this project's phone, whose settings would otherwise carry over
 * (the panel's lists are cards below 768 px); at 1600 px every column shows, Autor beside the selection.
 */
export function desktopContext(browser: Browser) {
  return browser.newContext({
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    viewport: { width: 1600, height: 900 },
    isMobile: false,
    hasTouch: false,
  });
}

export interface Seller {
  user: TUser;
  email: string;
  password: string;
  token: string;
}

/** The first demo branch (a seller's posts, notifications and events go to theirs). */
export async function firstBranch(request: APIRequestContext, adminToken: string): Promise<TBranch> {
  const res = await request.get('/api/branches', { headers: auth(adminToken), params: { per_page: '100' } });
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: TBranch[] };
  return data[0]!;
}

/**
 * A new seller of their own for one test (so tests never share likes, answers or points),
 * in the first demo branch, signed in through the API.
 */
export async function newSeller(request: APIRequestContext, options: { branchId?: number | null } = {}) {
  const admin = await apiLogin(request);
  const branchId = options.branchId === undefined ? (await firstBranch(request, admin)).id : options.branchId;
  const email = `vendedor.${unique()}@demo.local`;
  const password = 'clave-segura-2026';
  const user = await createUser(request, admin, {
    name: `Vendedora ${unique().slice(-5)}`,
    email,
    password,
    role: 'seller',
    branch_id: branchId,
  });
  const token = await apiLogin(request, email, password);
  return { seller: { user, email, password, token } as Seller, admin };
}

/**
 * A new seller on a branch of their own (and the branch): posts, notices and feeds the tests running
 * beside it make for the first branch never reach this seller, so its feed's first page is its own.
 */
export async function sellerOnNewBranch(request: APIRequestContext, city = 'Rosario') {
  const branch = await createBranch(request, await apiLogin(request), { name: `Sucursal ${unique()}`, city });
  return { ...(await newSeller(request, { branchId: branch.id })), branch };
}

/**
 * Opens the app already signed in as `seller` (the session stored as the app stores it), without its
 * sign-in screen: the session is written before the app's first script runs, so it loads once, already
 * signed in. Only on this first load (marked in the tab's sessionStorage): a test that signs out and
 * reloads stays signed out. (Writing it from another document of the origin left that document's console
 * errors, its favicon's 404, to the tests that watch the console.)
 */
export async function openAppAs(page: Page, seller: Seller, path = '') {
  await page.addInitScript(
    ([token, user]) => {
      try {
        const written = `e2e-session-written-${token.slice(-12)}`;
        if (sessionStorage.getItem(written)) return;
        sessionStorage.setItem(written, '1');
        localStorage.setItem('community-auth', JSON.stringify({ token, user }));
      } catch {
        // A frame without storage (about:blank): nothing to write.
      }
    },
    [seller.token, seller.user] as const,
  );
  await page.goto(`${APP}${path}`);
}

/**
 * Takes the browser off the network, or back on. Chromium's offline emulation once let a write through
 * while a service worker controlled the page (a like reached the server offline, the 22:45 run of
 * 2026-12-04), so while offline the API's writes are also refused at the network (reads are the service
 * worker's, from its saved copies).
 */
export async function setNetwork(context: BrowserContext, state: 'offline' | 'online') {
  if (state === 'offline') {
    await context.setOffline(true);
    await context.route('**/api/**', (route) =>
      route.request().method() === 'GET' ? route.fallback() : route.abort('internetdisconnected'),
    );
  } else {
    await context.unrouteAll();
    await context.setOffline(false);
  }
}

/** The app's service worker is active and controls the page (offline reading depends on it). */
export async function waitForServiceWorker(page: Page) {
  // Precaching the shell takes a few seconds on a loaded machine.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const reg = await navigator.serviceWorker.getRegistration();
          return reg?.active?.state === 'activated' && Boolean(navigator.serviceWorker.controller);
        }),
      { timeout: 60_000 },
    )
    .toBe(true);
}

/** POST /api/app/posts as a seller (multipart, like the app). */
export async function createAppPost(
  request: APIRequestContext,
  token: string,
  content: string,
  images: Buffer[],
) {
  const form = new FormData();
  form.append('content', content);
  for (const [i, buffer] of images.entries()) {
    form.append('images[]', new Blob([new Uint8Array(buffer)], { type: 'image/png' }), `foto-${i}.png`);
  }
  const res = await request.post('/api/app/posts', { headers: auth(token), multipart: form });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: TAppPost }).data;
}

/** GET a community-app call as a seller. */
export async function appGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(path, { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

/** A story as the panel creates it (multipart with its image), active now, for every branch. */
export async function createStory(
  request: APIRequestContext,
  adminToken: string,
  title: string,
  image: Buffer,
) {
  const form = new FormData();
  form.append('title', title);
  form.append('active', '1');
  form.append('branch_id', '0');
  form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'historia.png');
  const res = await request.post('/api/stories', { headers: auth(adminToken), multipart: form });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data;
}

/** A real finger swipe (touch events through the DevTools protocol) from one point to another. */
export async function swipe(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  const steps = 8;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let i = 1; i <= steps; i++) {
    const point = { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** An active survey for every branch with the four question types (rating and boolean required). */
export async function createFourTypeSurvey(
  request: APIRequestContext,
  adminToken: string,
  title: string,
  reward = 25,
) {
  const res = await request.post('/api/admin/surveys', {
    headers: auth(adminToken),
    data: {
      title,
      description: 'Contanos cómo te fue esta semana',
      active: true,
      branch_id: null,
      points_reward: reward,
      questions: [
        { question_text: '¿Cómo calificás la semana?', type: 'rating', required: true },
        { question_text: '¿Tuviste stock suficiente?', type: 'boolean', required: true },
        {
          question_text: '¿Qué línea vendió más?',
          type: 'multiple_choice',
          options: ['Lavandinas', 'Detergentes'],
        },
        { question_text: 'Comentarios', type: 'text' },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: number; title: string } }).data;
}

/**
 * What the app shows while a screen or a part of it loads: components/spinner.tsx, a `status` saying
 * "Cargando…" (not a progress bar: waiting for no `progressbar` waited for nothing).
 */
export const loadingIndicator = (page: Page) => page.getByRole('status').filter({ hasText: /^Cargando/ });

/**
 * Counts the app's calls in flight, so a test can add something only once the screen's own loads are
 * over: a screen shown from its saved answer asks again in the background, and an answer that comes
 * after the addition would already show it, before any pull. `settled()` first waits for the screen's
 * loading indicator to go: a screen asks for its data only once it has rendered (its heading shows
 * before its call goes out), and Playwright reports a request a little after the page sent it, so no
 * call in flight alone could be seen before the screen's own call was (Encuestas showed a survey
 * added after its heading but before its answer).
 */
export function appCalls(page: Page) {
  const inFlight = new Set<object>();
  const isApp = (url: string) => new URL(url).pathname.startsWith('/api/app/');
  page.on('request', (r) => {
    if (isApp(r.url())) inFlight.add(r);
  });
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  return {
    settled: async () => {
      await expect(loadingIndicator(page)).toHaveCount(0);
      await expect.poll(() => inFlight.size).toBe(0);
    },
  };
}
