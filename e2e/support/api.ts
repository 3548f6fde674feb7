import type { TBranch, TBranchInput, TUser, TUserCreate } from '@panel/shared';
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';

export const DEMO_ADMIN = {
  email: 'admin@demo.local',
  password: 'panel-demo-2026',
  name: 'Administrador Demo',
};
export const DEMO_SELLER = { email: 'vendedor@demo.local', password: 'vendedor-demo-2026' };

/** Seed helpers: state is set up through the real API, never through UI clicks. */
export async function apiLogin(
  request: APIRequestContext,
  email = DEMO_ADMIN.email,
  password = DEMO_ADMIN.password,
) {
  const res = await request.post('/api/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { token: string; user: TUser };
  return body.token;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function createBranch(request: APIRequestContext, token: string, input: TBranchInput) {
  const res = await request.post('/api/branches', { data: input, headers: auth(token) });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: TBranch }).data;
}

export async function getBranch(request: APIRequestContext, token: string, id: number) {
  return request.get(`/api/branches/${id}`, { headers: auth(token) });
}

export async function createUser(request: APIRequestContext, token: string, input: TUserCreate) {
  const res = await request.post('/api/users', { data: input, headers: auth(token) });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: TUser }).data;
}

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
