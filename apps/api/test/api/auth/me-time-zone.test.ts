import { DEFAULT_TIMEZONE, ZMeResponse } from '@panel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

// The panel reads and types dates in the business time zone it learns here, not the browser's.
describe('GET /api/me tells the business time zone (APP_TIMEZONE)', () => {
  let madrid: TestContext;
  let standard: TestContext;
  beforeAll(async () => {
    madrid = await createTestContext({ env: { APP_TIMEZONE: 'Europe/Madrid' } });
    standard = await createTestContext();
  });
  afterAll(async () => {
    await madrid?.close();
    await standard?.close();
  });

  it('answers the configured zone to an administrator and to a seller', async () => {
    for (const token of [madrid.admin.token, madrid.seller.token]) {
      const res = await madrid.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      // An administrator's also says its second factor (docs/product.md#second-factor).
      expect(ZMeResponse.parse(res.json()).meta).toMatchObject({ time_zone: 'Europe/Madrid' });
    }
  });

  it('answers the default zone when APP_TIMEZONE is not set', async () => {
    const res = await standard.asAdmin('GET', '/api/me');
    expect(ZMeResponse.parse(res.json()).meta.time_zone).toBe(DEFAULT_TIMEZONE);
  });
});
