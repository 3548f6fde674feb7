import type { TPointAction, TPointActionCreate } from '@panel/shared';
import { type APIRequestContext, expect } from '@playwright/test';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Seeds a point action through POST /api/admin/point-actions. */
export async function createPointAction(
  request: APIRequestContext,
  token: string,
  input: TPointActionCreate,
) {
  const res = await request.post('/api/admin/point-actions', { data: input, headers: auth(token) });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: TPointAction }).data;
}
