import { MSG, NOTIFICATION_MSG, ZNotification, ZNotificationType } from '@panel/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications, notificationTypes } from '../../../src/db/schema/notifications.ts';
import { bearer, createBranch } from '../../../src/testing/factories.ts';
import { multipart, urlencoded } from '../../../src/testing/form-body.ts';
import { refusal } from '../../../src/testing/refusal.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
beforeEach(() => ctx.reset());

async function makeType(name = 'General', extra: Record<string, string> = {}) {
  const res = await ctx.asAdmin('POST', '/api/notification-types', { name, ...extra });
  expect(res.statusCode).toBe(201);
  return ZNotificationType.parse(res.json().data);
}

async function makeNotification(title: string, message: string, extra: object = {}) {
  const res = await ctx.asAdmin('POST', '/api/notifications', { title, message, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return ZNotification.parse(res.json().data);
}

describe('notification types', () => {
  it('creates a type with the defaults #FF0000 and 1.png, and its icon URL', async () => {
    const type = await makeType('  General  ');
    expect(type).toMatchObject({ name: 'General', color: '#FF0000', icon: '1.png' });
    expect(type.icon_url).toBe('/icons/notifications/1.png');
  });

  it('accepts urlencoded and multipart bodies (docs/api-contract.md: form)', async () => {
    const a = await ctx.asAdminForm(
      'POST',
      '/api/notification-types',
      urlencoded({ name: 'Promos', color: '#f59f00', icon: '5.png' }),
    );
    expect(a.statusCode).toBe(201);
    expect(a.json().data).toMatchObject({ name: 'Promos', color: '#F59F00', icon: '5.png' });
    const b = await ctx.asAdminForm(
      'POST',
      '/api/notification-types',
      multipart({ name: 'Capacitación', icon: '32.png' }),
    );
    expect(b.statusCode).toBe(201);
    expect(b.json().data).toMatchObject({ name: 'Capacitación', color: '#FF0000', icon: '32.png' });
  });

  it('refuses a missing name, a bad colour and an unknown icon, naming each field', async () => {
    const res = await ctx.asAdmin('POST', '/api/notification-types', {
      name: ' ',
      color: 'rojo',
      icon: '33.png',
    });
    expect(refusal(res)).toEqual({
      message: NOTIFICATION_MSG.nameRequired,
      errors: {
        name: [NOTIFICATION_MSG.nameRequired],
        color: [NOTIFICATION_MSG.colorInvalid],
        icon: [NOTIFICATION_MSG.iconInvalid],
      },
    });
    expect(await ctx.db.select().from(notificationTypes)).toHaveLength(0);
  });

  it('updates with PUT and answers 404 for a missing type', async () => {
    const type = await makeType();
    const res = await ctx.asAdmin('PUT', `/api/notification-types/${type.id}`, {
      name: 'Urgente',
      color: '#e03131',
      icon: '7.png',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: type.id, name: 'Urgente', color: '#E03131', icon: '7.png' });
    const missing = await ctx.asAdmin('PUT', '/api/notification-types/999999', {
      name: 'x',
      color: '#000000',
      icon: '1.png',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(NOTIFICATION_MSG.typeNotFound);
  });

  it('lists paged, searched (accents and case ignored) and sorted by name', async () => {
    for (const name of ['Promociones', 'Capacitación', 'General', 'Urgente']) await makeType(name);
    const page = await ctx.asAdmin('GET', '/api/notification-types?per_page=2');
    expect(page.json().data.map((t: { name: string }) => t.name)).toEqual(['Capacitación', 'General']);
    expect(page.json().meta).toEqual({ page: 1, per_page: 2, total: 4, last_page: 2 });
    const found = await ctx.asAdmin('GET', '/api/notification-types?q=CAPACITACION');
    expect(found.json().data.map((t: { name: string }) => t.name)).toEqual(['Capacitación']);
    const desc = await ctx.asAdmin('GET', '/api/notification-types?sort=-name&per_page=1');
    expect(desc.json().data[0].name).toBe('Urgente');
  });

  it('refuses to delete a type in use (409), then deletes it once unused (204), and 404 after', async () => {
    const type = await makeType();
    const n = await makeNotification('Hola', 'Mensaje', { notification_type_id: type.id });
    const refused = await ctx.asAdmin('DELETE', `/api/notification-types/${type.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(NOTIFICATION_MSG.typeInUse);
    expect((await ctx.asAdmin('DELETE', `/api/notifications/${n.id}`)).statusCode).toBe(204);
    expect((await ctx.asAdmin('DELETE', `/api/notification-types/${type.id}`)).statusCode).toBe(204);
    expect((await ctx.asAdmin('DELETE', `/api/notification-types/${type.id}`)).statusCode).toBe(404);
  });
});

describe('notifications', () => {
  it('creates with type 1 and every branch by default (branch 0 stored as null)', async () => {
    const type = await makeType();
    expect(type.id).toBe(1);
    const n = await makeNotification('  Cierre de mes ', 'Cargá tus ventas', { branch_id: 0 });
    expect(n).toMatchObject({
      notification_type_id: 1,
      notification_type: { name: 'General', color: '#FF0000', icon: '1.png' },
      branch_id: null,
      branch_name: null,
      title: 'Cierre de mes',
      message: 'Cargá tus ventas',
    });
    const [row] = await ctx.db.select().from(notifications).where(eq(notifications.id, n.id));
    expect(row!.branchId).toBeNull();
    expect(row!.createdBy).toBe(ctx.admin.id);
  });

  it('requires title and message: "El título es requerido", "El mensaje es requerido"', async () => {
    await makeType();
    const res = await ctx.asAdmin('POST', '/api/notifications', { title: '', message: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: NOTIFICATION_MSG.titleRequired,
      errors: { title: [NOTIFICATION_MSG.titleRequired], message: [NOTIFICATION_MSG.messageRequired] },
    });
  });

  it('answers 400 naming the field for a type or branch that does not exist, writing nothing', async () => {
    await makeType();
    const noType = await ctx.asAdmin('POST', '/api/notifications', {
      title: 'a',
      message: 'b',
      notification_type_id: 99,
    });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().errors).toEqual({ notification_type_id: [NOTIFICATION_MSG.typeNotFound] });
    const noBranch = await ctx.asAdmin('POST', '/api/notifications', {
      title: 'a',
      message: 'b',
      branch_id: 99999,
    });
    expect(noBranch.statusCode).toBe(400);
    expect(noBranch.json().errors).toEqual({ branch_id: [MSG.branchNotFound] });
    const badIds = await ctx.asAdmin('POST', '/api/notifications', {
      title: 'a',
      message: 'b',
      notification_type_id: 'uno',
      branch_id: -3,
    });
    expect(badIds.statusCode).toBe(400);
    expect(Object.keys(badIds.json().errors).sort()).toEqual(['branch_id', 'notification_type_id']);
    expect(await ctx.db.select().from(notifications)).toHaveLength(0);
  });

  it('creates from a multipart form, as the panel sends it (docs/api-contract.md)', async () => {
    const type = await makeType();
    const branch = await createBranch(ctx.db, { name: 'Córdoba Centro' });
    const res = await ctx.asAdminForm(
      'POST',
      '/api/notifications',
      multipart({ notification_type_id: type.id, branch_id: branch.id, title: 'Promo', message: '15% off' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      branch_id: branch.id,
      branch_name: 'Córdoba Centro',
      title: 'Promo',
    });
  });

  it('updates through POST /{id} with _method=PUT (urlencoded and multipart) and with the header', async () => {
    const general = await makeType('General');
    const promos = await makeType('Promos', { icon: '5.png' });
    const branch = await createBranch(ctx.db);
    const n = await makeNotification('Original', 'Texto');

    const byField = await ctx.asAdminForm(
      'POST',
      `/api/notifications/${n.id}`,
      urlencoded({
        _method: 'PUT',
        notification_type_id: promos.id,
        branch_id: branch.id,
        title: 'Editada',
        message: 'Nuevo',
      }),
    );
    expect(byField.statusCode, byField.body).toBe(200);
    expect(byField.json().data).toMatchObject({
      id: n.id,
      notification_type: { id: promos.id, icon: '5.png' },
      branch_id: branch.id,
      title: 'Editada',
    });

    const byMultipart = await ctx.asAdminForm(
      'POST',
      `/api/notifications/${n.id}`,
      multipart({
        _method: 'PUT',
        notification_type_id: general.id,
        branch_id: 0,
        title: 'Multi',
        message: 'M',
      }),
    );
    expect(byMultipart.statusCode).toBe(200);
    expect(byMultipart.json().data).toMatchObject({
      branch_id: null,
      title: 'Multi',
      notification_type_id: general.id,
    });

    const byHeader = await ctx.app.inject({
      method: 'POST',
      url: `/api/notifications/${n.id}`,
      headers: { ...bearer(ctx.admin.token), 'x-http-method-override': 'PUT' },
      payload: { notification_type_id: general.id, branch_id: 0, title: 'Por encabezado', message: 'H' },
    });
    expect(byHeader.statusCode).toBe(200);
    expect(byHeader.json().data.title).toBe('Por encabezado');

    const noOverride = await ctx.asAdmin('POST', `/api/notifications/${n.id}`, { title: 'x', message: 'y' });
    expect(noOverride.statusCode).toBe(405);
  });

  it('validates the update too, and answers 404 for a missing notification', async () => {
    await makeType();
    const n = await makeNotification('Original', 'Texto');
    const bad = await ctx.asAdmin('PUT', `/api/notifications/${n.id}`, {
      notification_type_id: 1,
      branch_id: 0,
      title: ' ',
      message: 'ok',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ title: [NOTIFICATION_MSG.titleRequired] });
    const missing = await ctx.asAdmin('PUT', '/api/notifications/424242', {
      notification_type_id: 1,
      branch_id: 0,
      title: 'a',
      message: 'b',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(NOTIFICATION_MSG.notificationNotFound);
    expect((await ctx.asAdmin('DELETE', '/api/notifications/424242')).statusCode).toBe(404);
  });

  it('lists newest first, searches title and message, and filters by type and branch', async () => {
    const general = await makeType('General');
    const promos = await makeType('Promos');
    const branch = await createBranch(ctx.db);
    await makeNotification('Bienvenida', 'Hola a todos');
    await makeNotification('Promo de invierno', 'Galletitas con descuento', {
      notification_type_id: promos.id,
    });
    await makeNotification('Capacitación', 'Nueva promoción de cursos', { branch_id: branch.id });

    const all = await ctx.asAdmin('GET', '/api/notifications');
    expect(all.json().data.map((n: { title: string }) => n.title)).toEqual([
      'Capacitación',
      'Promo de invierno',
      'Bienvenida',
    ]);
    expect(all.json().meta.total).toBe(3);

    const search = await ctx.asAdmin('GET', '/api/notifications?q=PROMO&sort=title');
    expect(search.json().data.map((n: { title: string }) => n.title)).toEqual([
      'Capacitación',
      'Promo de invierno',
    ]);
    const byType = await ctx.asAdmin('GET', `/api/notifications?notification_type_id=${general.id}`);
    expect(byType.json().meta.total).toBe(2);
    const byBranch = await ctx.asAdmin('GET', `/api/notifications?branch_id=${branch.id}`);
    expect(byBranch.json().data.map((n: { title: string }) => n.title)).toEqual(['Capacitación']);
    expect((await ctx.asAdmin('GET', '/api/notifications?sort=icon')).statusCode).toBe(400);
  });

  it('is for admins only: 401 anonymous, 403 seller', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    const seller = await ctx.app.inject({
      method: 'POST',
      url: '/api/notification-types',
      headers: bearer(ctx.seller.token),
      payload: { name: 'x' },
    });
    expect(seller.statusCode).toBe(403);
  });
});
