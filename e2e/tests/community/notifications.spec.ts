import type { TAppNotification } from '@panel/shared';
import { expect, test } from '@playwright/test';
import { unique } from '../../support/api.ts';
import { appGet, newSeller, openAppAs } from '../../support/community.ts';
import { createNotification, createNotificationType } from '../../support/schedule-api.ts';

const unreadCount = async (request: Parameters<typeof appGet>[0], token: string) =>
  (await appGet<{ data: { unread_count: number } }>(request, token, '/api/app/notifications/unread-count'))
    .data.unread_count;

test('Notificaciones: unread first with the type colour, the tab badge, and each marked read once seen', async ({
  page,
  request,
}) => {
  const { seller, admin } = await newSeller(request);
  const type = await createNotificationType(request, admin, {
    name: `Aviso ${unique()}`,
    color: '#5b4bb7',
    icon: '7.png',
  });
  const title = `Cambio de horario ${unique()}`;
  const created = await createNotification(request, admin, {
    title,
    message: 'El viernes abrimos a las 10.',
    notification_type_id: type.id,
    branch_id: seller.user.branch_id!,
  });
  const unread = await unreadCount(request, seller.token);
  expect(unread).toBeGreaterThan(0);

  await openAppAs(page, seller);
  const tab = page.getByRole('link', { name: /^Avisos/ });
  await expect(tab.getByTestId('unread-badge')).toHaveText(`${unread > 99 ? '99+' : unread} sin leer`);
  await tab.click();
  await expect(page.getByRole('heading', { name: 'Notificaciones', level: 1 })).toBeVisible();

  const first = page.locator('.notification').first();
  await expect(first).toContainText(title);
  await expect(first).toContainText(type.name.toUpperCase(), { ignoreCase: true });
  await expect(first).toHaveCSS('border-left-color', 'rgb(91, 75, 183)');
  await expect(first.locator('.notification__icon')).toHaveCSS('background-color', 'rgb(91, 75, 183)');
  await expect(first.locator('.notification__icon img')).toHaveAttribute('src', '/icons/notifications/7.png');

  // On screen for a second: read on the server, and the badge counts one less (at least).
  await expect
    .poll(
      async () => {
        const { data } = await appGet<{ data: TAppNotification }>(
          request,
          seller.token,
          `/api/app/notifications/${created.id}`,
        );
        return data.read_at !== null;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const left = await unreadCount(request, seller.token);
  expect(left).toBeLessThan(unread);
  if (left === 0) await expect(tab.getByTestId('unread-badge')).toHaveCount(0);
  else await expect(tab.getByTestId('unread-badge')).toHaveText(`${left > 99 ? '99+' : left} sin leer`);
});

test('a notification opened by itself (as a tapped push does) shows in full and is marked read', async ({
  page,
  request,
}) => {
  const { seller, admin } = await newSeller(request);
  const title = `Push ${unique()}`;
  const created = await createNotification(request, admin, {
    title,
    message: 'Llegó el nuevo catálogo.',
    branch_id: seller.user.branch_id!,
  });
  await openAppAs(page, seller, `notificaciones/${created.id}`);
  await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
  await expect(page.getByText('Llegó el nuevo catálogo.')).toBeVisible();
  await expect
    .poll(async () => {
      const { data } = await appGet<{ data: TAppNotification }>(
        request,
        seller.token,
        `/api/app/notifications/${created.id}`,
      );
      return data.read_at !== null;
    })
    .toBe(true);
  await page.goto('/comunidad/notificaciones/999999999');
  await expect(page.getByRole('alert')).toContainText('La notificación no existe');
});

test.describe('without the service worker (so the test can answer the calls)', () => {
  test.use({ serviceWorkers: 'block' });

  test('a list that fails to load says "Error al cargar las notificaciones"', async ({ page, request }) => {
    const { seller } = await newSeller(request);
    await page.route('**/api/app/notifications?*', (route) => route.fulfill({ status: 500, body: '' }));
    await openAppAs(page, seller, 'notificaciones');
    await expect(page.getByRole('alert')).toContainText('Error al cargar las notificaciones');
  });
});
