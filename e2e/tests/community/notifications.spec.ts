import { notificationPushPayload, type TAppNotification, type TNotification } from '@panel/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { unique } from '../../support/api.ts';
import {
  appGet,
  loadingIndicator,
  newSeller,
  openAppAs,
  swipe,
  waitForServiceWorker,
} from '../../support/community.ts';
import { createNotification, createNotificationType } from '../../support/schedule-api.ts';
import { expect, test } from '../../support/test.ts';

const unreadCount = async (request: APIRequestContext, token: string) =>
  (await appGet<{ data: { unread_count: number } }>(request, token, '/api/app/notifications/unread-count'))
    .data.unread_count;

const readAt = async (request: APIRequestContext, token: string, id: number) =>
  (await appGet<{ data: TAppNotification }>(request, token, `/api/app/notifications/${id}`)).data.read_at;

const badgeText = (n: number) => `${n > 99 ? '99+' : n} sin leer`;
const avisosTab = (page: Page) =>
  page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: /^Avisos/ });

test('Avisos: the tab and the screen share the name; scrolling past marks nothing read, opening one does', async ({
  page,
  request,
}) => {
  const { seller, admin } = await newSeller(request);
  const type = await createNotificationType(request, admin, {
    name: `Aviso ${unique()}`,
    color: '#5b4bb7',
    icon: '7.png',
  });
  const created: TNotification[] = [];
  for (let i = 0; i < 12; i++) {
    created.push(
      await createNotification(request, admin, {
        title: `Cambio de horario ${i} ${unique()}`,
        message: 'El viernes abrimos a las 10.',
        notification_type_id: type.id,
        branch_id: seller.user.branch_id!,
      }),
    );
  }
  const unread = await unreadCount(request, seller.token);
  expect(unread).toBeGreaterThanOrEqual(12);

  await openAppAs(page, seller);
  await expect(avisosTab(page).getByTestId('unread-badge')).toHaveText(badgeText(unread));
  await avisosTab(page).click();
  await expect(page.getByRole('heading', { name: 'Avisos', level: 1 })).toBeVisible();

  const first = page.locator('.notification').first();
  await expect(first).toContainText(created.at(-1)!.title);
  await expect(first).toHaveCSS('border-left-color', 'rgb(91, 75, 183)');
  await expect(first.locator('.notification__icon img')).toHaveAttribute('src', '/icons/notifications/7.png');

  // Every item on screen a while, scrolled through to the end: nothing is read (it used to drop 11 -> 7).
  for (const y of [0, 400, 800, 1200, 1600, 2400, 4000]) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(400);
  }
  await page.waitForTimeout(1500);
  // (Counted on this test's own notifications: another test may delete an all-branch one meanwhile.)
  const stillUnread = async () =>
    (await Promise.all(created.map((n) => readAt(request, seller.token, n.id)))).filter((r) => r === null)
      .length;
  expect(await stillUnread()).toBe(12);
  await expect(avisosTab(page).getByTestId('unread-badge')).toHaveText(
    badgeText(await unreadCount(request, seller.token)),
  );

  // Opened: read on the server, and the badge counts one less.
  const opened = created[5]!;
  await page.getByRole('link', { name: new RegExp(opened.title) }).click();
  await expect(page.getByRole('heading', { name: 'Aviso', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: opened.title, level: 2, exact: true })).toBeVisible();
  await expect.poll(() => readAt(request, seller.token, opened.id)).not.toBeNull();
  expect(await stillUnread()).toBe(11);
  await expect(avisosTab(page).getByTestId('unread-badge')).toHaveText(
    badgeText(await unreadCount(request, seller.token)),
  );
  await page.getByRole('link', { name: 'Volver a Avisos' }).click();
  await expect(page.getByRole('link', { name: new RegExp(`Sin leer: ${opened.title}`) })).toHaveCount(0);
  await expect(page.getByRole('link', { name: new RegExp(opened.title) })).toBeVisible();
});

test('"Marcar todas como leídas" reads every one on the server and clears the badge', async ({
  page,
  request,
}) => {
  const { seller, admin } = await newSeller(request);
  const title = `Inventario ${unique()}`;
  await createNotification(request, admin, {
    title,
    message: 'Contamos el sábado.',
    branch_id: seller.user.branch_id!,
  });
  expect(await unreadCount(request, seller.token)).toBeGreaterThan(0);
  await openAppAs(page, seller, 'notificaciones');
  await expect(page.getByRole('link', { name: new RegExp(`Sin leer: ${title}`) })).toBeVisible();
  await page.getByRole('button', { name: 'Marcar todas como leídas' }).click();
  await expect(page.getByText('Marcaste todas como leídas.')).toBeVisible();
  await expect(avisosTab(page).getByTestId('unread-badge')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Sin leer:/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Marcar todas como leídas' })).toHaveCount(0);
  expect(await unreadCount(request, seller.token)).toBe(0);
});

test.describe('with the service worker (a push is shown and tapped through it)', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a tapped push opens its notification, from the URL the server sends', async ({
    page,
    context,
    request,
  }) => {
    const { seller, admin } = await newSeller(request);
    const title = `Push ${unique()}`;
    const created = await createNotification(request, admin, {
      title,
      message: 'Llegó el nuevo catálogo.',
      branch_id: seller.user.branch_id!,
      notification_type_id: 1,
    });
    await context.grantPermissions(['notifications']);
    await openAppAs(page, seller);
    await waitForServiceWorker(page);

    // The push worker's own payload (apps/api's push test decrypts exactly this from a real push).
    const payload = notificationPushPayload({ ...created, icon: created.notification_type.icon });
    const cdp = await context.newCDPSession(page);
    const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => resolve(e.registrations)),
    );
    await cdp.send('ServiceWorker.enable');
    const registration = (await registrations).find((r) => r.scopeURL.endsWith('/comunidad/'))!;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(page.url()).origin,
      registrationId: registration.registrationId,
      data: JSON.stringify(payload),
    });
    const shownUrl = () =>
      page.evaluate(
        async (tag) =>
          (await (await navigator.serviceWorker.ready).getNotifications({ tag })).map(
            (n) => (n.data as { url: string }).url,
          )[0] ?? null,
        payload.tag,
      );
    await expect.poll(shownUrl).toBe(`/comunidad/notificaciones?id=${created.id}`);
    const url = (await shownUrl())!;

    // The app is open: the service worker's click handler posts {type: 'OPEN', url} to it.
    await page.evaluate(
      (target) =>
        navigator.serviceWorker.dispatchEvent(
          new MessageEvent('message', { data: { type: 'OPEN', url: new URL(target, location.origin).href } }),
        ),
      url,
    );
    await expect(page.getByRole('heading', { name: title, level: 2, exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/comunidad/notificaciones/${created.id}$`));
    await expect.poll(() => readAt(request, seller.token, created.id)).not.toBeNull();

    // The app is closed: the click handler opens a window at that URL.
    const second = await createNotification(request, admin, {
      title: `Otro push ${unique()}`,
      message: 'Abrí este.',
      branch_id: seller.user.branch_id!,
    });
    const fresh = await context.newPage();
    await fresh.goto(notificationPushPayload({ ...second, icon: second.notification_type.icon }).url);
    await expect(fresh.getByRole('heading', { name: second.title, level: 2, exact: true })).toBeVisible();
    await expect(fresh.getByText('Abrí este.')).toBeVisible();
    await expect.poll(() => readAt(request, seller.token, second.id)).not.toBeNull();
    // Back goes to the list, not to ?id= again.
    await fresh.getByRole('link', { name: 'Volver a Avisos' }).click();
    await expect(fresh.getByRole('heading', { name: 'Avisos', level: 1 })).toBeVisible();

    await fresh.goto('/comunidad/notificaciones?id=999999999');
    await expect(fresh.getByRole('alert')).toContainText('La notificación no existe');
  });
});

test("pulling Avisos down refreshes the tab's badge too", async ({ page, request }) => {
  const { seller, admin } = await newSeller(request);
  await openAppAs(page, seller, 'notificaciones');
  await expect(page.getByRole('heading', { name: 'Avisos', level: 1 })).toBeVisible();
  await expect(loadingIndicator(page)).toHaveCount(0);
  const before = await unreadCount(request, seller.token);
  await expect(avisosTab(page).getByTestId('unread-badge')).toHaveText(badgeText(before));
  const title = `Recién llegado ${unique()}`;
  await createNotification(request, admin, { title, message: 'Nuevo', branch_id: seller.user.branch_id! });
  await swipe(page, { x: 195, y: 180 }, { x: 195, y: 560 });
  await expect(page.getByText(title)).toBeVisible();
  // The server's count now (its own notification added; other tests may add or delete all-branch ones),
  // long before the badge's own one-minute refresh.
  const badge = avisosTab(page).getByTestId('unread-badge');
  await expect
    .poll(async () => {
      const now = await unreadCount(request, seller.token);
      return now !== before && (await badge.textContent()) === badgeText(now);
    })
    .toBe(true);
});

test.describe('without the service worker (so the test can answer the calls)', () => {
  test.use({ serviceWorkers: 'block' });

  test('a list that fails to load says "Error al cargar las notificaciones"', async ({ page, request }) => {
    const { seller } = await newSeller(request);
    await page.route('**/api/app/notifications?*', (route) => route.fulfill({ status: 500, body: '' }));
    await openAppAs(page, seller, 'notificaciones');
    await expect(page.getByRole('alert')).toContainText('Error al cargar las notificaciones');
  });

  test('"Marcar todas como leídas" that fails says so and leaves them unread', async ({ page, request }) => {
    const { seller, admin } = await newSeller(request);
    await createNotification(request, admin, {
      title: `Sin marcar ${unique()}`,
      message: 'Queda sin leer.',
      branch_id: seller.user.branch_id!,
    });
    const before = await unreadCount(request, seller.token);
    await page.route('**/api/app/notifications/read-all', (route) =>
      route.fulfill({ status: 500, body: '' }),
    );
    await openAppAs(page, seller, 'notificaciones');
    await page.getByRole('button', { name: 'Marcar todas como leídas' }).click();
    await expect(page.getByRole('alert')).toContainText('No se pudieron marcar como leídas. Probá de nuevo.');
    await expect(avisosTab(page).getByTestId('unread-badge')).toHaveText(badgeText(before));
    expect(await unreadCount(request, seller.token)).toBe(before);
  });
});
