import type { TestContext } from './test-app.ts';

/** POST /api/login from `remoteAddress`, with a browser's device cookie when given. */
export function loginAs(
  ctx: TestContext,
  email: string,
  password: string,
  remoteAddress: string,
  cookie?: string,
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    remoteAddress,
    headers: cookie ? { cookie } : {},
  });
}
