import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, notificationTypes } from '../../../src/db/schema/notifications.ts';
import { pointActions } from '../../../src/db/schema/points.ts';
import { monthlyVolumes } from '../../../src/db/schema/targets.ts';
import { userTotp } from '../../../src/db/schema/users.ts';
import { removeSecondFactor, startTotpSetup } from '../../../src/services/auth/mfa.ts';
import { registerPasskey, registrationOptions, relyingParty } from '../../../src/services/auth/passkeys.ts';
import { saveSignInRules } from '../../../src/services/auth/sign-in-settings.ts';
import { totpCodeAt } from '../../../src/services/auth/totp.ts';
import {
  createAdmin,
  createBranch,
  createBrand,
  createEvent,
  createEventType,
  createPost,
  createStory,
  createSupplier,
  createSurvey,
  createSurveyQuestion,
  createUser,
  TEST_PASSWORD,
  tokenFor,
} from '../../../src/testing/factories.ts';
import { formData, makeImage } from '../../../src/testing/images.ts';
import { enableTotp } from '../../../src/testing/mfa.ts';
import type { TestContext } from '../../../src/testing/test-app.ts';
import { SoftPasskey } from '../../../src/testing/webauthn.ts';
import type { Operation } from '../security/route-fixtures.ts';
import { checkAdminWrites, expectEveryWriteCovered, openAudit, type WriteSpec } from './audited-writes.ts';

/**
 * Completeness of the audit trail (ASVS V7): every administrator write in the live OpenAPI
 * document (access admin, method POST/PUT/PATCH/DELETE: the same operations the access matrix
 * reads) is called for real, and its success must leave audit rows naming the admin, the
 * address, the request, the operation, the record and its changed fields. A new admin write
 * route without an entry in WRITES fails here, so it cannot ship unaudited.
 */
let ctx: TestContext;
let operations: Operation[];
beforeAll(async () => ({ ctx, operations } = await openAudit()));
afterAll(() => ctx?.close());

const db = () => ctx.db;
let seq = 0;
const n = () => ++seq;
const PNG = () => makeImage('png', { width: 48, height: 48 });
const image = async (field: string) => ({
  field,
  name: 'foto.png',
  type: 'image/png',
  bytes: await PNG(),
});
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function notificationType() {
  const [row] = await db()
    .insert(notificationTypes)
    .values({ name: `Aviso ${n()}` })
    .returning();
  return row!;
}
async function pointAction() {
  const [row] = await db()
    .insert(pointActions)
    .values({ key: `accion_${n()}`, name: 'Acción de prueba', points: 5 })
    .returning();
  return row!;
}

/** One successful call per admin write, with what its audit rows must show. */
const WRITES: Record<string, WriteSpec> = {
  'POST /api/users': async () => ({
    call: {
      url: '/api/users',
      payload: { name: 'Ana Gómez', email: `ana.${n()}@prueba.test`, password: 'una-clave-segura-9' },
    },
    expected: {
      entity: 'users',
      action: 'create',
      entityId: null,
      changes: {
        name: { before: null, after: 'Ana Gómez' },
        password_hash: { before: null, after: '[oculto]' },
      },
    },
  }),
  'PUT /api/users/{id}': async () => {
    const user = await createUser(db(), { name: 'Nombre Viejo' });
    return {
      call: { url: `/api/users/${user.id}`, payload: { name: 'Nombre Nuevo' } },
      expected: {
        entity: 'users',
        action: 'update',
        entityId: user.id,
        changes: { name: { before: 'Nombre Viejo', after: 'Nombre Nuevo' } },
      },
    };
  },
  'POST /api/users/{id}/reset-password': async () => {
    const user = await createUser(db());
    return {
      call: { url: `/api/users/${user.id}/reset-password`, payload: { password: 'otra-clave-segura-8' } },
      expected: {
        entity: 'users',
        action: 'update',
        entityId: user.id,
        changes: { password_hash: { before: '[oculto]', after: '[oculto]' } },
      },
    };
  },
  'DELETE /api/users/{id}/sessions': async () => {
    const user = await createUser(db());
    await tokenFor(db(), user.id);
    return {
      call: { url: `/api/users/${user.id}/sessions` },
      expected: { entity: 'sessions', action: 'update', entityId: 'any', changes: ['revoked_at'] },
    };
  },
  'POST /api/users/{id}/mfa/reset': async () => {
    const admin = await createAdmin(db());
    const { totpId } = await enableTotp(db(), ctx.app.totpBox, admin);
    return {
      call: { url: `/api/users/${admin.id}/mfa/reset` },
      expected: { entity: 'user_totp', action: 'delete', entityId: totpId, changes: ['enabled_at'] },
    };
  },
  // The second factor of the administrator making the calls: each starts from the account without one.
  'POST /api/me/mfa/totp/setup': async () => {
    await removeSecondFactor(db(), ctx.admin.id);
    return {
      call: { url: '/api/me/mfa/totp/setup' },
      expected: {
        entity: 'user_totp',
        action: 'create',
        entityId: 'any',
        changes: ['secret_enc', 'user_id'],
      },
    };
  },
  'POST /api/me/mfa/totp/confirm': async () => {
    await removeSecondFactor(db(), ctx.admin.id);
    const setup = await startTotpSetup(db(), ctx.app.totpBox, ctx.admin);
    if (setup === 'enabled') throw new Error('unexpected');
    return {
      call: { url: '/api/me/mfa/totp/confirm', payload: { code: totpCodeAt(setup.secret, new Date()) } },
      expected: {
        entity: 'user_totp',
        action: 'update',
        entityId: 'any',
        changes: ['enabled_at', 'codes_at'],
      },
    };
  },
  'DELETE /api/me/mfa/totp': async () => {
    await removeSecondFactor(db(), ctx.admin.id);
    const { totpId } = await enableTotp(db(), ctx.app.totpBox, ctx.admin);
    return {
      call: { url: '/api/me/mfa/totp', payload: { password: TEST_PASSWORD } },
      expected: { entity: 'user_totp', action: 'delete', entityId: totpId, changes: ['enabled_at'] },
    };
  },
  'POST /api/me/mfa/recovery-codes': async () => {
    await removeSecondFactor(db(), ctx.admin.id);
    const { totpId } = await enableTotp(db(), ctx.app.totpBox, ctx.admin);
    await db()
      .update(userTotp)
      .set({ codesAt: new Date(Date.now() - 60_000) })
      .where(eq(userTotp.id, totpId));
    return {
      call: { url: '/api/me/mfa/recovery-codes', payload: { password: TEST_PASSWORD } },
      expected: { entity: 'user_totp', action: 'update', entityId: totpId, changes: ['codes_at'] },
    };
  },
  // The rule is saved on; the administrator (who has a factor, so the rule lets them in) turns it off.
  'PUT /api/settings/sign-in': async () => {
    await removeSecondFactor(db(), ctx.admin.id);
    await enableTotp(db(), ctx.app.totpBox, ctx.admin);
    await saveSignInRules(db(), { mfaRequired: true, oidcOnly: false }, new Date());
    return {
      call: { url: '/api/settings/sign-in', payload: { mfa_required: false, oidc_only: false } },
      expected: { entity: 'sign_in_settings', action: 'update', entityId: 1, changes: ['mfa_required'] },
    };
  },
  // A passkey of the administrator making the calls (a software authenticator, src/testing/webauthn.ts).
  'POST /api/me/passkeys': async () => {
    const rp = relyingParty(ctx.config.publicUrl, 'Panel');
    const options = await registrationOptions(db(), rp, { ...ctx.admin, name: 'Admin' }, new Date());
    return {
      call: {
        url: '/api/me/passkeys',
        payload: { response: new SoftPasskey(rp.id, rp.origin).register(options) },
      },
      expected: {
        entity: 'user_passkeys',
        action: 'create',
        entityId: 'any',
        changes: ['credential_id', 'name'],
      },
    };
  },
  'DELETE /api/me/passkeys/{id}': async () => {
    const rp = relyingParty(ctx.config.publicUrl, 'Panel');
    const options = await registrationOptions(db(), rp, { ...ctx.admin, name: 'Admin' }, new Date());
    const key = new SoftPasskey(rp.id, rp.origin);
    const added = await registerPasskey(
      db(),
      rp,
      ctx.admin.id,
      key.register(options) as never,
      'Chrome en Linux',
      new Date(),
    );
    if (typeof added === 'string') throw new Error(added);
    return {
      call: { url: `/api/me/passkeys/${added.id}`, payload: { password: TEST_PASSWORD } },
      expected: { entity: 'user_passkeys', action: 'delete', entityId: added.id, changes: ['credential_id'] },
    };
  },
  'POST /api/users/bulk-active': async () => {
    const user = await createUser(db());
    return {
      call: { url: '/api/users/bulk-active', payload: { ids: [user.id], active: false } },
      expected: {
        entity: 'users',
        action: 'update',
        entityId: user.id,
        changes: { active: { before: true, after: false } },
      },
    };
  },
  'POST /api/users/import': async () => {
    const email = `importada.${n()}@prueba.test`;
    return {
      call: {
        url: '/api/users/import',
        payload: `name,email,role,branch,password\nLucía Importada,${email},seller,,clave-segura-importada-1\n`,
        headers: { 'content-type': 'text/csv' },
      },
      expected: {
        entity: 'users',
        action: 'create',
        entityId: 'any',
        changes: { email: { before: null, after: email } },
      },
    };
  },

  'POST /api/branches': async () => ({
    call: { url: '/api/branches', payload: { name: 'Sucursal Nueva' } },
    expected: {
      entity: 'branches',
      action: 'create',
      entityId: null,
      changes: { name: { before: null, after: 'Sucursal Nueva' } },
    },
  }),
  'PUT /api/branches/{id}': async () => {
    // Names are unique (case and accents aside): the PUT and its POST twin each have their own.
    const [before, after] = [`Antes ${n()}`, `Después ${n()}`];
    const branch = await createBranch(db(), { name: before, city: 'Rosario', address: null });
    return {
      call: { url: `/api/branches/${branch.id}`, payload: { name: after, city: 'Rosario' } },
      expected: {
        entity: 'branches',
        action: 'update',
        entityId: branch.id,
        changes: { name: { before, after } },
      },
    };
  },
  'DELETE /api/branches/{id}': async () => {
    const branch = await createBranch(db(), { name: 'A borrar' });
    return {
      call: { url: `/api/branches/${branch.id}` },
      expected: {
        entity: 'branches',
        action: 'delete',
        entityId: branch.id,
        changes: { name: { before: 'A borrar', after: null } },
      },
    };
  },

  'POST /api/user/volume/upsert': async () => {
    const user = await createUser(db());
    return {
      call: {
        url: '/api/user/volume/upsert',
        payload: { user_id: user.id, year: 2026, month: 5, target_amount: 1500 },
      },
      expected: {
        entity: 'monthly_volumes',
        action: 'create',
        entityId: null,
        changes: { target_amount: true },
      },
    };
  },
  'POST /api/user/volume/bulk-upsert': async () => {
    const user = await createUser(db());
    return {
      call: {
        url: '/api/user/volume/bulk-upsert',
        payload: { user_id: user.id, year: 2027, items: [{ month: 1, target_amount: 10 }] },
      },
      expected: {
        entity: 'monthly_volumes',
        action: 'create',
        entityId: 'any',
        changes: { user_id: { before: null, after: user.id }, month: { before: null, after: 1 } },
      },
    };
  },
  'DELETE /api/user/volume/{id}': async () => {
    const user = await createUser(db());
    const [volume] = await db()
      .insert(monthlyVolumes)
      .values({ userId: user.id, year: 2026, month: 3, targetAmount: '1000.00' })
      .returning();
    return {
      call: { url: `/api/user/volume/${volume!.id}` },
      expected: {
        entity: 'monthly_volumes',
        action: 'delete',
        entityId: volume!.id,
        changes: { month: { before: 3, after: null } },
      },
    };
  },
  'POST /api/user/units/bulk-upsert': async () => {
    const user = await createUser(db());
    const supplier = await createSupplier(db());
    const brand = await createBrand(db());
    return {
      call: {
        url: '/api/user/units/bulk-upsert',
        payload: {
          user_id: user.id,
          supplier_id: supplier.id,
          brand_id: brand.id,
          year: 2026,
          items: [{ month: 2, units: 5 }],
        },
      },
      expected: {
        entity: 'monthly_target_units',
        action: 'create',
        entityId: 'any',
        changes: { units: { before: null, after: 5 } },
      },
    };
  },

  ...catalogWrites('suppliers', 'business_name', createSupplier),
  ...catalogWrites('brands', 'name', createBrand),

  'POST /api/posts': async () => {
    const form = formData({ content: 'Publicación auditada' }, [await image('images[]')]);
    return {
      call: { url: '/api/posts', payload: form },
      expected: {
        entity: 'posts',
        action: 'create',
        entityId: null,
        changes: { content: { before: null, after: 'Publicación auditada' } },
      },
    };
  },
  'PUT /api/posts/{id}/publication': async () => {
    const post = await createPost(db(), ctx.admin.id, {
      content: 'Programada',
      publishAt: new Date(future(3)),
    });
    return {
      call: { url: `/api/posts/${post.id}/publication`, payload: { publish_at: future(5) } },
      expected: { entity: 'posts', action: 'update', entityId: post.id, changes: { publish_at: true } },
    };
  },
  'PUT /api/stories/{id}/publication': async () => {
    const story = await createStory(db(), ctx.admin.id, { publishAt: new Date(future(3)) });
    return {
      call: { url: `/api/stories/${story.id}/publication`, payload: { publish_at: future(5) } },
      expected: { entity: 'stories', action: 'update', entityId: story.id, changes: { publish_at: true } },
    };
  },
  'DELETE /api/posts/{id}': async () => {
    const post = await createPost(db(), ctx.admin.id, { content: 'Se va' });
    return {
      call: { url: `/api/posts/${post.id}` },
      expected: {
        entity: 'posts',
        action: 'delete',
        entityId: post.id,
        changes: { content: { before: 'Se va', after: null } },
      },
    };
  },
  'POST /api/posts/bulk-delete': async () => {
    const post = await createPost(db(), ctx.admin.id, { content: 'Se van juntas' });
    return {
      call: { url: '/api/posts/bulk-delete', payload: { ids: [post.id] } },
      expected: {
        entity: 'posts',
        action: 'delete',
        entityId: post.id,
        changes: { content: { before: 'Se van juntas', after: null } },
      },
    };
  },
  'POST /api/stories': async () => {
    const form = formData({ title: 'Historia auditada' }, [await image('image')]);
    return {
      call: { url: '/api/stories', payload: form },
      expected: {
        entity: 'stories',
        action: 'create',
        entityId: null,
        changes: { title: { before: null, after: 'Historia auditada' } },
      },
    };
  },
  'DELETE /api/stories/{id}': async () => {
    const story = await createStory(db(), ctx.admin.id);
    return {
      call: { url: `/api/stories/${story.id}` },
      expected: { entity: 'stories', action: 'delete', entityId: story.id, changes: { title: true } },
    };
  },
  'POST /api/stories/bulk-delete': async () => {
    const story = await createStory(db(), ctx.admin.id);
    return {
      call: { url: '/api/stories/bulk-delete', payload: { ids: [story.id] } },
      expected: { entity: 'stories', action: 'delete', entityId: story.id, changes: { title: true } },
    };
  },

  'POST /api/notification-types': async () => ({
    call: { url: '/api/notification-types', payload: { name: 'Recordatorio', color: '#112233' } },
    expected: {
      entity: 'notification_types',
      action: 'create',
      entityId: null,
      changes: { name: { before: null, after: 'Recordatorio' } },
    },
  }),
  'PUT /api/notification-types/{id}': async () => {
    const type = await notificationType();
    return {
      call: {
        url: `/api/notification-types/${type.id}`,
        payload: { name: 'Renombrado', color: '#445566', icon: '1.png' },
      },
      expected: {
        entity: 'notification_types',
        action: 'update',
        entityId: type.id,
        changes: { name: { before: type.name, after: 'Renombrado' } },
      },
    };
  },
  'DELETE /api/notification-types/{id}': async () => {
    const type = await notificationType();
    return {
      call: { url: `/api/notification-types/${type.id}` },
      expected: {
        entity: 'notification_types',
        action: 'delete',
        entityId: type.id,
        changes: { name: true },
      },
    };
  },
  'POST /api/notifications': async () => {
    const type = await notificationType();
    return {
      call: {
        url: '/api/notifications',
        payload: { notification_type_id: type.id, branch_id: 0, title: 'Aviso', message: 'Hola a todos' },
      },
      expected: {
        entity: 'notifications',
        action: 'create',
        entityId: null,
        changes: { title: { before: null, after: 'Aviso' } },
      },
    };
  },
  'PUT /api/notifications/{id}': async () => {
    const type = await notificationType();
    const [row] = await db()
      .insert(notifications)
      .values({ notificationTypeId: type.id, title: 'Viejo', message: 'Texto', createdBy: ctx.admin.id })
      .returning();
    return {
      call: {
        url: `/api/notifications/${row!.id}`,
        payload: { notification_type_id: type.id, branch_id: 0, title: 'Nuevo', message: 'Texto' },
      },
      expected: {
        entity: 'notifications',
        action: 'update',
        entityId: row!.id,
        changes: { title: { before: 'Viejo', after: 'Nuevo' } },
      },
    };
  },
  'POST /api/notifications/bulk-delete': async () => {
    const type = await notificationType();
    const [row] = await db()
      .insert(notifications)
      .values({
        notificationTypeId: type.id,
        title: 'Borrable en grupo',
        message: 'Texto',
        createdBy: ctx.admin.id,
      })
      .returning();
    return {
      call: { url: '/api/notifications/bulk-delete', payload: { ids: [row!.id] } },
      expected: {
        entity: 'notifications',
        action: 'delete',
        entityId: row!.id,
        changes: { title: { before: 'Borrable en grupo', after: null } },
      },
    };
  },
  'DELETE /api/notifications/{id}': async () => {
    const type = await notificationType();
    const [row] = await db()
      .insert(notifications)
      .values({ notificationTypeId: type.id, title: 'Borrable', message: 'Texto', createdBy: ctx.admin.id })
      .returning();
    return {
      call: { url: `/api/notifications/${row!.id}` },
      expected: {
        entity: 'notifications',
        action: 'delete',
        entityId: row!.id,
        changes: { title: { before: 'Borrable', after: null } },
      },
    };
  },

  'POST /api/event-types': async () => ({
    call: { url: '/api/event-types', payload: { name: 'Capacitación', color: '#aa0000' } },
    expected: {
      entity: 'event_types',
      action: 'create',
      entityId: null,
      changes: { name: { before: null, after: 'Capacitación' } },
    },
  }),
  'PUT /api/event-types/{id}': async () => {
    const type = await createEventType(db());
    return {
      call: {
        url: `/api/event-types/${type.id}`,
        payload: { name: 'Feria', color: '#00aa00', reminder_minutes: [], urgent: false },
      },
      expected: {
        entity: 'event_types',
        action: 'update',
        entityId: type.id,
        changes: { name: { before: type.name, after: 'Feria' } },
      },
    };
  },
  'DELETE /api/event-types/{id}': async () => {
    const type = await createEventType(db());
    return {
      call: { url: `/api/event-types/${type.id}` },
      expected: { entity: 'event_types', action: 'delete', entityId: type.id, changes: { name: true } },
    };
  },
  'POST /api/events': async () => {
    const type = await createEventType(db());
    return {
      call: {
        url: '/api/events',
        payload: {
          event_type_id: type.id,
          branch_id: 0,
          title: 'Lanzamiento',
          start_at: future(3),
          end_at: future(4),
        },
      },
      expected: {
        entity: 'events',
        action: 'create',
        entityId: null,
        changes: { title: { before: null, after: 'Lanzamiento' } },
      },
    };
  },
  'PUT /api/events/{id}': async () => {
    const event = await createEvent(db(), new Date(Date.now() + 86_400_000));
    return {
      call: {
        url: `/api/events/${event.id}`,
        payload: {
          event_type_id: event.eventTypeId,
          branch_id: 0,
          title: 'Reprogramado',
          start_at: future(5),
          end_at: future(6),
        },
      },
      expected: {
        entity: 'events',
        action: 'update',
        entityId: event.id,
        changes: { title: { before: event.title, after: 'Reprogramado' }, start_at: true },
      },
    };
  },
  'POST /api/events/bulk-delete': async () => {
    const event = await createEvent(db(), new Date(Date.now() + 86_400_000));
    return {
      call: { url: '/api/events/bulk-delete', payload: { ids: [event.id] } },
      expected: { entity: 'events', action: 'delete', entityId: event.id, changes: { title: true } },
    };
  },
  'DELETE /api/events/{id}': async () => {
    const event = await createEvent(db(), new Date(Date.now() + 86_400_000));
    return {
      call: { url: `/api/events/${event.id}` },
      expected: { entity: 'events', action: 'delete', entityId: event.id, changes: { title: true } },
    };
  },

  'POST /api/admin/point-actions': async () => {
    const key = `nueva_accion_${n()}`;
    return {
      call: { url: '/api/admin/point-actions', payload: { key, name: 'Nueva acción', points: 15 } },
      expected: {
        entity: 'point_actions',
        action: 'create',
        entityId: null,
        changes: { key: { before: null, after: key }, points: { before: null, after: 15 } },
      },
    };
  },
  'PUT /api/admin/point-actions/{id}': async () => {
    const action = await pointAction();
    return {
      call: {
        url: `/api/admin/point-actions/${action.id}`,
        payload: { name: 'Renombrada', points: 25, active: true, daily_limit: null, cooldown_seconds: null },
      },
      expected: {
        entity: 'point_actions',
        action: 'update',
        entityId: action.id,
        changes: { points: { before: 5, after: 25 } },
      },
    };
  },
  'DELETE /api/admin/point-actions/{id}': async () => {
    const action = await pointAction();
    return {
      call: { url: `/api/admin/point-actions/${action.id}` },
      expected: { entity: 'point_actions', action: 'delete', entityId: action.id, changes: { key: true } },
    };
  },
  'PATCH /api/admin/point-actions/{id}/toggle': async () => {
    const action = await pointAction();
    return {
      call: { url: `/api/admin/point-actions/${action.id}/toggle`, payload: { active: false } },
      expected: {
        entity: 'point_actions',
        action: 'update',
        entityId: action.id,
        changes: { active: { before: true, after: false } },
      },
    };
  },

  'POST /api/admin/surveys': async () => ({
    call: {
      url: '/api/admin/surveys',
      payload: { title: 'Encuesta auditada', questions: [{ question_text: '¿Todo bien?', type: 'boolean' }] },
    },
    expected: {
      entity: 'surveys',
      action: 'create',
      entityId: null,
      changes: { title: { before: null, after: 'Encuesta auditada' } },
    },
  }),
  'PUT /api/admin/surveys/{id}': async () => {
    const survey = await createSurvey(db(), { title: 'Título viejo' });
    const question = await createSurveyQuestion(db(), survey.id);
    return {
      call: {
        url: `/api/admin/surveys/${survey.id}`,
        payload: {
          title: 'Título nuevo',
          active: false,
          branch_id: null,
          points_reward: 10,
          reminder_minutes: null,
          questions: [{ id: question.id, question_text: '¿Sirvió?', type: 'boolean', required: true }],
        },
      },
      expected: {
        entity: 'surveys',
        action: 'update',
        entityId: survey.id,
        changes: { title: { before: 'Título viejo', after: 'Título nuevo' } },
      },
    };
  },
  'DELETE /api/admin/surveys/{id}': async () => {
    const survey = await createSurvey(db());
    return {
      call: { url: `/api/admin/surveys/${survey.id}` },
      expected: { entity: 'surveys', action: 'delete', entityId: survey.id, changes: { title: true } },
    };
  },
  'PATCH /api/admin/surveys/{id}/toggle': async () => {
    const survey = await createSurvey(db());
    return {
      call: { url: `/api/admin/surveys/${survey.id}/toggle`, payload: { active: false } },
      expected: {
        entity: 'surveys',
        action: 'update',
        entityId: survey.id,
        changes: { active: { before: true, after: false } },
      },
    };
  },
};

function catalogWrites(
  resource: 'suppliers' | 'brands',
  descriptionKey: 'business_name' | 'name',
  create: (d: TestContext['db']) => Promise<{ id: number; code: string }>,
): Record<string, WriteSpec> {
  return {
    [`POST /api/${resource}`]: async () => {
      const code = `C${n()}`;
      return {
        // Names are unique (case and accents aside): each call has its own.
        call: { url: `/api/${resource}`, payload: { code, [descriptionKey]: `Descripción ${code}` } },
        expected: {
          entity: resource,
          action: 'create',
          entityId: null,
          changes: { code: { before: null, after: code } },
        },
      };
    },
    [`PUT /api/${resource}/{id}`]: async () => {
      const row = await create(db());
      return {
        call: {
          url: `/api/${resource}/${row.id}`,
          payload: { code: row.code, [descriptionKey]: `Otra descripción ${row.code}` },
        },
        expected: {
          entity: resource,
          action: 'update',
          entityId: row.id,
          changes: { [descriptionKey]: true },
        },
      };
    },
    [`DELETE /api/${resource}/{id}`]: async () => {
      const row = await create(db());
      return {
        call: { url: `/api/${resource}/${row.id}` },
        expected: {
          entity: resource,
          action: 'delete',
          entityId: row.id,
          changes: { code: { before: row.code, after: null } },
        },
      };
    },
  };
}

/** The admin writes of the document: panel operations that are not reads. */
const adminWrites = () =>
  operations.filter((o) => (o.xAccess === 'admin' || o.xAccess === 'panel') && o.method !== 'GET');

describe('the audit trail covers every administrator write', () => {
  it('has a successful call in WRITES for every admin write of the OpenAPI document', () => {
    expectEveryWriteCovered(operations, adminWrites(), WRITES, 40);
  });

  it('each one, when it succeeds, leaves audit rows with the admin, address, request, operation, record and changes', {
    timeout: 300_000,
  }, async () => {
    const { failures, checked } = await checkAdminWrites(ctx, operations, adminWrites(), WRITES);
    console.info(`Auditoría: ${checked} escrituras de administrador comprobadas`);
    expect(failures).toEqual([]);
    expect(checked).toBe(adminWrites().length);
  });
});
