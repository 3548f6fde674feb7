import type { TBranch, TBranchInput, TSurveyDetail, TSurveyInput, TUser, TUserCreate } from '@panel/shared';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { expect } from '@playwright/test';

export const DEMO_ADMIN = {
  email: 'admin@demo.local',
  password: 'panel-demo-2026',
  name: 'Administrador Demo',
};
export const DEMO_SELLER = { email: 'vendedor@demo.local', password: 'vendedor-demo-2026' };

type Cookie = Parameters<BrowserContext['addCookies']>[0][number];

export interface AdminSession {
  token: string;
  user: TUser;
  /** The device cookie the sign-in left (login throttle), for a browser that gets this session. */
  device: Cookie | undefined;
}

let adminSession: Promise<AdminSession> | undefined;

/**
 * The demo admin's session, signed in once per worker: each sign-in costs the server a deliberately
 * slow password hash, and the tests seed through it and open the panel with it dozens of times. A
 * test never signs it out: tests about signing out sign in through the screen (`loginAsAdmin`) and
 * end their own session.
 */
export function demoAdminSession(request: APIRequestContext): Promise<AdminSession> {
  adminSession ??= (async () => {
    const res = await request.post('/api/login', {
      data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    });
    expect(res.status(), await res.text()).toBe(200);
    const { token, user } = (await res.json()) as { token: string; user: TUser };
    const { cookies } = await request.storageState();
    return { token, user, device: cookies.find((c) => c.name === 'panel_device') };
  })().catch((error: unknown) => {
    adminSession = undefined;
    throw error;
  });
  return adminSession;
}

/**
 * Seed helpers: state is set up through the real API, never through UI clicks. The demo admin's
 * token is the worker's one session (`demoAdminSession`); anyone else signs in anew.
 */
export async function apiLogin(
  request: APIRequestContext,
  email = DEMO_ADMIN.email,
  password = DEMO_ADMIN.password,
) {
  if (email === DEMO_ADMIN.email && password === DEMO_ADMIN.password)
    return (await demoAdminSession(request)).token;
  const res = await request.post('/api/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { token: string; user: TUser };
  return body.token;
}

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** POSTs a JSON body as the admin, expects 201 Created and returns the record (`data`). */
export async function apiCreate<T>(request: APIRequestContext, token: string, path: string, data: object) {
  const res = await request.post(path, { data, headers: auth(token) });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: T }).data;
}

export const createBranch = (request: APIRequestContext, token: string, input: TBranchInput) =>
  apiCreate<TBranch>(request, token, '/api/branches', input);

export async function getBranch(request: APIRequestContext, token: string, id: number) {
  return request.get(`/api/branches/${id}`, { headers: auth(token) });
}

export const createUser = (request: APIRequestContext, token: string, input: TUserCreate) =>
  apiCreate<TUser>(request, token, '/api/users', input);

export async function me(request: APIRequestContext, token: string) {
  return request.get('/api/me', { headers: auth(token) });
}

/** A short unique suffix so parallel tests never collide on names. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Signs in as anyone (e.g. a seller) and returns the token, or the failed response's status. */
export async function tryLogin(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/login', { data: { email, password } });
  return res.ok()
    ? { status: res.status(), token: ((await res.json()) as { token: string }).token }
    : { status: res.status(), token: null };
}

/** The list as the API answers it, for comparing with what the screen shows or exports. */
export async function listUsers(request: APIRequestContext, token: string, query: Record<string, string>) {
  const res = await request.get('/api/users', {
    params: { per_page: '100', ...query },
    headers: auth(token),
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { data: TUser[]; meta: { total: number } };
}

/** A real image for uploads, drawn in the browser-free test process (no fixtures on disk). */
export async function pngImage(color: string, width = 480, height = 360): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/**
 * A post from the panel (POST /api/posts, multipart as the panel sends it), for all branches unless
 * `branchId` says which one (its sellers alone see it); scheduled for `publishAt` when given.
 */
export async function createPost(
  request: APIRequestContext,
  token: string,
  content: string,
  image: Buffer,
  branchId = 0,
  publishAt?: string,
) {
  const res = await request.post('/api/posts', {
    headers: auth(token),
    multipart: {
      content,
      branch_id: String(branchId),
      ...(publishAt ? { publish_at: publishAt } : {}),
      'images[]': { name: 'foto.png', mimeType: 'image/png', buffer: image },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data;
}

export const createSurvey = (request: APIRequestContext, token: string, input: TSurveyInput) =>
  apiCreate<TSurveyDetail>(request, token, '/api/admin/surveys', input);

export async function getSurvey(request: APIRequestContext, token: string, id: number) {
  return request.get(`/api/admin/surveys/${id}`, { headers: auth(token) });
}

/** A seller's answer through the community-app API. */
export async function answerSurvey(
  request: APIRequestContext,
  token: string,
  surveyId: number,
  answers: { question_id: number; value: unknown }[],
) {
  return request.post(`/api/app/surveys/${surveyId}/responses`, { data: { answers }, headers: auth(token) });
}

/** GET a JSON call of the panel's API as the admin (to compare the screens with what the server says). */
export async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(path, { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}
