import { MSG } from '@panel/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/users.ts';
import { bearer, createAdmin, createManager, tokenFor } from '../../../src/testing/factories.ts';
import { startTestProvider, type TestProvider } from '../../../src/testing/oidc-provider.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';
import { type Operation, readOperations, seededBranches, seedRouteRows } from './route-fixtures.ts';

/**
 * Access matrix (OWASP API1/API5, ASVS V4): every operation of the live OpenAPI document is
 * called as each identity below, and the outcome must match the one table of expectations.
 *
 * Who may call:
 * - public:  anyone, whatever token it carries (login, health, docs, files);
 * - session: any valid session, seller or admin (me, logout, the account's own sessions);
 * - app:     the community app (/api/app/*): sellers, and admins too (docs/product.md#roles-and-access: "need a
 *            seller or admin session");
 * - panel:   the panel's calls a branch manager makes too (docs/product.md#branch-managers): 401 without a
 *            valid session, 403 for a seller; reads of the company's catalogue, the account's own factor.
 * - branch:  a `panel` call on one branch's records: the manager of another branch finds nothing (404).
 * - admin:   the panel's calls for administrators only: 401 without a valid session, 403 for a seller and
 *            for a branch manager.
 * - metrics: GET /api/metrics: as admin for sessions (its METRICS_TOKEN: test/api/platform/metrics.test.ts).
 *
 * A route in the document without an entry here fails the suite, and so does an entry whose
 * route is gone: a new route cannot ship without someone deciding who may call it.
 */
/** `panel` and `branch` are both x-access `panel`: `branch` routes hold one branch's records, `panel` ones the company's. */
type Who = 'public' | 'session' | 'app' | 'panel' | 'branch' | 'admin' | 'metrics';

const ACCESS_TABLE: Record<string, Who> = {
  'GET /api/openapi.json': 'public',
  'GET /api/health': 'public',
  'GET /api/health/ready': 'public',
  'GET /api/metrics': 'metrics',
  'POST /api/login': 'public',
  'POST /api/login/mfa': 'public',
  'POST /api/login/mfa/passkey/options': 'public',
  'POST /api/login/mfa/passkey': 'public',
  'POST /api/login/passkey/options': 'public',
  'POST /api/login/passkey': 'public',
  // The company's account (OpenID Connect): 404 unless OIDC_ISSUER is set (test/api/auth/oidc.test.ts).
  'GET /api/login/oidc': 'public',
  'GET /api/login/oidc/start': 'public',
  'GET /api/login/oidc/callback': 'public',
  'POST /api/login/oidc/exchange': 'public',
  'POST /api/password-reset': 'public',
  'POST /api/password-reset/confirm': 'public',
  'GET /api/files/{key}': 'public',

  'POST /api/logout': 'session',
  'GET /api/me': 'session',
  'GET /api/me/sessions': 'session',
  'DELETE /api/me/sessions/{id}': 'session',
  'POST /api/me/sessions/end-others': 'session',
  'POST /api/me/mfa/totp/setup': 'panel',
  'POST /api/me/mfa/totp/confirm': 'panel',
  'DELETE /api/me/mfa/totp': 'panel',
  'POST /api/me/mfa/recovery-codes': 'panel',
  'GET /api/me/passkeys': 'panel',
  'GET /api/me/passkeys/options': 'panel',
  'POST /api/me/passkeys': 'panel',
  'DELETE /api/me/passkeys/{id}': 'panel',

  'GET /api/users': 'branch',
  'POST /api/users': 'branch',
  'GET /api/users/{id}': 'branch',
  'PUT /api/users/{id}': 'branch',
  'POST /api/users/{id}': 'branch',
  'POST /api/users/{id}/reset-password': 'branch',
  'POST /api/users/bulk-active': 'branch',
  'GET /api/users/export': 'branch',
  'POST /api/users/import': 'branch',
  'GET /api/users/{id}/activity': 'branch',
  'GET /api/users/{id}/sessions': 'branch',
  'DELETE /api/users/{id}/sessions': 'branch',
  'POST /api/users/{id}/mfa/reset': 'admin',

  'GET /api/settings/sign-in': 'admin',
  'PUT /api/settings/sign-in': 'admin',
  'POST /api/settings/sign-in': 'admin',

  'GET /api/branches': 'branch',
  'POST /api/branches': 'admin',
  'GET /api/branches/cities': 'branch',
  'GET /api/branches/{id}': 'branch',
  'PUT /api/branches/{id}': 'admin',
  'DELETE /api/branches/{id}': 'admin',
  'POST /api/branches/{id}': 'admin',

  'GET /api/dashboard/summary': 'branch',
  'GET /api/dashboard/activity': 'branch',

  'GET /api/engagement': 'branch',
  'GET /api/engagement/inactive': 'branch',
  'GET /api/engagement/export': 'branch',

  'GET /api/user/volume': 'branch',
  'POST /api/user/volume/upsert': 'branch',
  'POST /api/user/volume/bulk-upsert': 'branch',
  'DELETE /api/user/volume/{id}': 'branch',
  'GET /api/user/units': 'branch',
  'POST /api/user/units/bulk-upsert': 'branch',

  'GET /api/suppliers': 'panel',
  'POST /api/suppliers': 'admin',
  'GET /api/suppliers/{id}': 'panel',
  'PUT /api/suppliers/{id}': 'admin',
  'DELETE /api/suppliers/{id}': 'admin',
  'POST /api/suppliers/{id}': 'admin',
  'GET /api/brands': 'panel',
  'POST /api/brands': 'admin',
  'GET /api/brands/{id}': 'panel',
  'PUT /api/brands/{id}': 'admin',
  'DELETE /api/brands/{id}': 'admin',
  'POST /api/brands/{id}': 'admin',

  'GET /api/posts': 'branch',
  'POST /api/posts': 'branch',
  'POST /api/posts/bulk-delete': 'branch',
  'GET /api/posts/{id}/likes': 'branch',
  'GET /api/posts/{id}/comments': 'branch',
  'GET /api/posts/{id}/reach': 'branch',
  'GET /api/posts/{id}/viewers': 'branch',
  'DELETE /api/posts/{id}': 'branch',

  'GET /api/stories': 'branch',
  'POST /api/stories': 'branch',
  'POST /api/stories/bulk-delete': 'branch',
  'GET /api/stories/{id}/viewers': 'branch',
  'DELETE /api/stories/{id}': 'branch',
  'PUT /api/stories/{id}/publication': 'branch',
  'POST /api/stories/{id}/publication': 'branch',

  'GET /api/notification-types': 'panel',
  'GET /api/notification-types/{id}': 'panel',
  'POST /api/notification-types': 'admin',
  'PUT /api/notification-types/{id}': 'admin',
  'DELETE /api/notification-types/{id}': 'admin',
  'POST /api/notification-types/{id}': 'admin',
  'GET /api/notifications': 'branch',
  'GET /api/notifications/{id}': 'branch',
  'GET /api/notifications/{id}/reads': 'branch',
  'POST /api/notifications': 'branch',
  'POST /api/notifications/bulk-delete': 'branch',
  'PUT /api/notifications/{id}': 'branch',
  'PUT /api/posts/{id}/publication': 'branch',
  'POST /api/posts/{id}/publication': 'branch',
  'DELETE /api/notifications/{id}': 'branch',
  'POST /api/notifications/{id}': 'branch',

  'GET /api/event-types': 'panel',
  'GET /api/event-types/{id}': 'panel',
  'POST /api/event-types': 'admin',
  'PUT /api/event-types/{id}': 'admin',
  'DELETE /api/event-types/{id}': 'admin',
  'POST /api/event-types/{id}': 'admin',
  'GET /api/events': 'branch',
  'GET /api/scheduled': 'branch',
  'GET /api/events/{id}': 'branch',
  'POST /api/events': 'branch',
  'POST /api/events/bulk-delete': 'branch',
  'PUT /api/events/{id}': 'branch',
  'DELETE /api/events/{id}': 'branch',
  'POST /api/events/{id}': 'branch',

  'GET /api/admin/point-actions': 'panel',
  'GET /api/admin/point-actions/{id}': 'panel',
  'POST /api/admin/point-actions': 'admin',
  'PUT /api/admin/point-actions/{id}': 'admin',
  'DELETE /api/admin/point-actions/{id}': 'admin',
  'POST /api/admin/point-actions/{id}': 'admin',
  'PATCH /api/admin/point-actions/{id}/toggle': 'admin',

  'GET /api/admin/surveys': 'branch',
  'POST /api/admin/surveys': 'branch',
  'GET /api/admin/surveys/{id}': 'branch',
  'PUT /api/admin/surveys/{id}': 'branch',
  'DELETE /api/admin/surveys/{id}': 'branch',
  'POST /api/admin/surveys/{id}': 'branch',
  'PATCH /api/admin/surveys/{id}/toggle': 'branch',
  'GET /api/admin/surveys/{id}/statistics': 'branch',
  'GET /api/admin/surveys/{id}/questions/{questionId}/answers': 'branch',

  'GET /api/points/leaderboard': 'branch',
  'GET /api/points/transactions': 'branch',
  'GET /api/points/transactions/export': 'branch',
  'GET /api/points/summary': 'branch',

  'GET /api/audit': 'branch',

  'GET /api/app/feed': 'app',
  'POST /api/app/posts/{id}/like': 'app',
  'DELETE /api/app/posts/{id}/like': 'app',
  'POST /api/app/posts/{id}/comments': 'app',
  'GET /api/app/stories': 'app',
  'POST /api/app/stories/{id}/view': 'app',
  'POST /api/app/views': 'app',
  'GET /api/app/notifications': 'app',
  'GET /api/app/events': 'app',
  'GET /api/app/me/points': 'app',
  'GET /api/app/surveys': 'app',
  'POST /api/app/surveys/{id}/responses': 'app',
  'POST /api/app/posts': 'app',
  'GET /api/app/posts/{id}': 'app',
  'GET /api/app/posts/{id}/comments': 'app',
  'PUT /api/app/comments/{id}': 'app',
  'POST /api/app/comments/{id}': 'app',
  'DELETE /api/app/comments/{id}': 'app',
  'GET /api/app/notifications/{id}': 'app',
  'GET /api/app/notifications/unread-count': 'app',
  'POST /api/app/notifications/{id}/read': 'app',
  'POST /api/app/notifications/read-all': 'app',
  'GET /api/app/agenda': 'app',
  'GET /api/app/events/{id}': 'app',
  'GET /api/app/events/{id}.ics': 'app',
  'GET /api/app/leaderboard': 'app',
  'GET /api/app/me/transactions': 'app',
  'POST /api/app/me/password': 'app',
  'GET /api/app/me/quiet-hours': 'app',
  'PUT /api/app/me/quiet-hours': 'app',
  'POST /api/app/me/quiet-hours': 'app',
  'GET /api/app/push/public-key': 'app',
  'POST /api/app/push/subscriptions': 'app',
  'DELETE /api/app/push/subscriptions': 'app',
};

/**
 * `manager`: the branch manager of the branch every seeded record belongs to; `otherManager`: the manager
 * of another branch, for whom those records do not exist (404) and whose lists are empty of them.
 */
const IDENTITIES = [
  'anonymous',
  'seller',
  'admin',
  'manager',
  'otherManager',
  'revoked',
  'expired',
  'idle',
  'deactivated',
] as const;
type Identity = (typeof IDENTITIES)[number];

/** Identities that must be turned away (401) from every non-public route. */
const INVALID: Identity[] = ['anonymous', 'revoked', 'expired', 'idle', 'deactivated'];

const MANAGERS: Identity[] = ['manager', 'otherManager'];

function expectedFor(who: Who, identity: Identity): 'allowed' | 'elsewhere' | 401 | 403 {
  if (who === 'public') return 'allowed';
  if (INVALID.includes(identity)) return 401;
  if (['admin', 'metrics', 'panel', 'branch'].includes(who) && identity === 'seller') return 403;
  if ((who === 'admin' || who === 'metrics') && MANAGERS.includes(identity)) return 403;
  // A record of the manager's own branch is theirs; the other branch's manager does not find it (in the
  // app too, where a manager sees what their branch's sellers see: visibleTo).
  if ((who === 'branch' || who === 'app') && identity === 'otherManager') return 'elsewhere';
  return 'allowed';
}

let ctx: TestContext;
let operations: Operation[];
let urlOf: (path: string) => string;
let branches: { own: number; other: number };
/** A real OpenID provider, so the company account's routes are there to call (not their 404). */
let provider: TestProvider;

/**
 * Allowed reads that answer other than 200: the company account's start redirects to the issuer (302), and
 * its callback called bare (no `state`) is bad input (400).
 */
const NOT_200: Record<string, number> = {
  'GET /api/login/oidc/start': 302,
  'GET /api/login/oidc/callback': 400,
};

beforeAll(async () => {
  provider = await startTestProvider({ redirectUris: ['http://127.0.0.1:3000/api/login/oidc/callback'] });
  ctx = await createTestContext({ env: provider.env() });
  operations = await readOperations(ctx);
  urlOf = await seedRouteRows(ctx);
  branches = await seededBranches(ctx);
});
afterAll(async () => {
  await ctx?.close();
  await provider?.close();
});

describe('the access table', () => {
  it('has exactly one entry per operation of the live OpenAPI document', () => {
    const documented = operations.map((o) => o.key).sort();
    const missing = documented.filter((k) => !(k in ACCESS_TABLE));
    const stale = Object.keys(ACCESS_TABLE).filter((k) => !documented.includes(k));
    expect(missing, 'routes in the OpenAPI document without an entry in ACCESS_TABLE').toEqual([]);
    expect(stale, 'entries of ACCESS_TABLE for routes that no longer exist').toEqual([]);
    expect(documented.length).toBeGreaterThanOrEqual(100);
  });

  it('agrees with the x-access each route declares', () => {
    const declared = (who: Who | undefined) => (who === 'branch' ? 'panel' : who);
    for (const op of operations) expect(op.xAccess, op.key).toBe(declared(ACCESS_TABLE[op.key]));
  });
});

describe('every operation × every identity', () => {
  it('answers exactly as the table says (401 / 403 / allowed, never 5xx)', { timeout: 300_000 }, async () => {
    const db = ctx.db;
    // Admin-shaped identities for the invalid tokens: the most dangerous token to honour by mistake.
    const tokens = async (): Promise<Record<Identity, string | null>> => {
      const revokedAdmin = await createAdmin(db);
      const revoked = await tokenFor(db, revokedAdmin.id);
      // Revoked through the real logout (Payload CVE-2025-4643: tokens valid after logout).
      const out = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(revoked) });
      expect(out.statusCode).toBeLessThan(300);
      const old = await createAdmin(db);
      const expired = await tokenFor(db, old.id, new Date(Date.now() - 8 * 24 * 3600 * 1000));
      const idle = await tokenFor(db, old.id, new Date(Date.now() - 13 * 3600 * 1000));
      // Deactivated directly in the table, leaving the session open: the session check itself
      // must refuse an inactive user (the API's deactivation also revokes, a second line).
      // Used once first, so a cached session (services/auth/session-cache.ts) must be dropped too.
      const gone = await createAdmin(db);
      const deactivated = await tokenFor(db, gone.id);
      const before = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(deactivated) });
      expect(before.statusCode).toBe(200);
      await db.update(users).set({ active: false }).where(eq(users.id, gone.id));
      // The trigger's notification reaches the listener a moment after this commit (on PostgreSQL over
      // its own connection; a loaded machine let the next calls in first, 3 runs in 4). Wait for it
      // with the listeners' barrier, clearing nothing itself (no user ids): the entry must still be
      // dropped by the database's notification.
      await ctx.app.sessionsRevoked([]);
      return {
        anonymous: null,
        seller: await tokenFor(db, ctx.seller.id),
        admin: await tokenFor(db, ctx.admin.id),
        manager: await tokenFor(db, (await createManager(db, branches.own)).id),
        otherManager: await tokenFor(db, (await createManager(db, branches.other)).id),
        revoked,
        expired,
        idle,
        deactivated,
      };
    };

    // Deletes, logout and ending the other sessions last, so the rows and sessions the other calls need still exist.
    const last = (o: Operation) =>
      Number(o.method === 'DELETE' || o.path === '/api/logout' || o.path === '/api/me/sessions/end-others');
    const ordered = [...operations].sort((a, b) => last(a) - last(b));
    const failures: string[] = [];
    let calls = 0;
    // A branch manager's calls outside their branch or their role that were turned away (issue 30's figure).
    let outsideRefused = 0;
    for (const op of ordered) {
      const who = ACCESS_TABLE[op.key];
      if (!who) continue; // reported by the table test
      const t = await tokens();
      for (const identity of IDENTITIES) {
        const token = t[identity];
        const res: LightMyRequestResponse = await ctx.app.inject({
          method: op.method as 'GET',
          url: urlOf(op.path),
          headers: token ? bearer(token) : {},
          ...(['POST', 'PUT', 'PATCH'].includes(op.method) ? { payload: {} } : {}),
        });
        calls++;
        const label = `${op.key} as ${identity} → ${res.statusCode}`;
        const expected = expectedFor(who, identity);
        if (
          MANAGERS.includes(identity) &&
          (expected === 403 || expected === 'elsewhere') &&
          res.statusCode >= 400
        )
          outsideRefused++;
        if (res.statusCode >= 500) failures.push(`${label}: 5xx`);
        else if (expected === 401 || expected === 403) {
          if (res.statusCode !== expected) failures.push(`${label}: expected ${expected}`);
          else if (res.json().message !== (expected === 401 ? MSG.unauthenticated : MSG.forbidden))
            failures.push(`${label}: message ${res.json().message}`);
        } else if (expected === 'elsewhere') {
          // Let in, yet nothing of another branch: an item is 404, a list 200 (without those records), a
          // write never succeeds on them (404, or 400/403 for the empty body first).
          if (res.statusCode === 401) failures.push(`${label}: expected let in`);
          const path = op.path.includes('{id}') || op.path.includes('{questionId}');
          if (op.method === 'GET' && path && res.statusCode !== 404) failures.push(`${label}: expected 404`);
          if (op.method === 'GET' && !path && res.statusCode !== (NOT_200[op.key] ?? 200))
            failures.push(`${label}: expected ${NOT_200[op.key] ?? 200}`);
          if (op.method !== 'GET' && path && res.statusCode < 300)
            failures.push(`${label}: expected refused`);
        } else {
          if (res.statusCode === 401 || res.statusCode === 403) failures.push(`${label}: expected allowed`);
          // An allowed read of a real row succeeds (POST/PUT get {} and may be refused with 400).
          const ok = NOT_200[op.key] ?? 200;
          if (op.method === 'GET' && res.statusCode !== ok) failures.push(`${label}: expected ${ok}`);
        }
      }
    }
    console.info(
      `Matriz de acceso: ${operations.length} operaciones × ${IDENTITIES.length} identidades = ${calls} llamadas; ` +
        `${outsideRefused} intentos de encargados fuera de su sucursal o su rol rechazados`,
    );
    expect(failures).toEqual([]);
    expect(calls).toBe(operations.length * IDENTITIES.length);
  });
});
