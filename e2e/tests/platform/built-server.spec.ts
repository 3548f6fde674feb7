import { apiLogin, auth } from '../../support/api';
import { expect, test } from '../../support/test.ts';

// The browser tests run the bundled server (apps/api/dist), where a bundler could drop a module that
// only has side effects; the API tests run the sources and would not notice.
test("the bundled server answers zod's own messages in Spanish", async ({ request }) => {
  const token = await apiLogin(request);
  const res = await request.get('/api/branches?page=abc', { headers: auth(token) });
  expect(res.status()).toBe(400);
  const body = (await res.json()) as { message: string };
  expect(body.message).toContain('El campo "page"');
  expect(body.message).not.toMatch(/Invalid input|expected/);
});
