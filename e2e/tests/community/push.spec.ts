import { notificationPushPayload } from '@panel/shared';
import { newSeller, openAppAs, waitForServiceWorker } from '../../support/community.ts';
import { expect, test } from '../../support/test.ts';

// The service worker is what is under test (the project blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

test('the service worker shows a visible notification for every push, even one without a readable payload', async ({
  page,
  context,
  request,
}) => {
  const { seller } = await newSeller(request);
  await context.grantPermissions(['notifications']);
  await openAppAs(page, seller);
  await waitForServiceWorker(page);

  // Chromium delivers a push to the registration through the DevTools protocol, as a push service would.
  const cdp = await context.newCDPSession(page);
  const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => resolve(e.registrations)),
  );
  await cdp.send('ServiceWorker.enable');
  const registration = (await registrations).find((r) => r.scopeURL.endsWith('/comunidad/'))!;
  const origin = new URL(page.url()).origin;
  const push = (data: string) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: registration.registrationId,
      data,
    });

  // What the push worker sends (notificationPushPayload; apps/api's push test decrypts the same).
  await push(
    JSON.stringify(
      notificationPushPayload({
        id: 42,
        title: 'Reunión de sucursal',
        message: 'Mañana a las 9 en la sala grande.',
        icon: '3.png',
      }),
    ),
  );
  await push('texto que no es JSON');
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        url: (n.data as { url: string }).url,
      })),
    );
  await expect.poll(shown).toEqual(
    expect.arrayContaining([
      {
        title: 'Reunión de sucursal',
        body: 'Mañana a las 9 en la sala grande.',
        url: '/comunidad/notificaciones?id=42',
      },
      { title: 'Comunidad', body: 'texto que no es JSON', url: '/comunidad/notificaciones' },
    ]),
  );
});
