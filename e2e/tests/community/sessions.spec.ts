import { auth } from '../../support/api.ts';
import { newSeller, openAppAs } from '../../support/community.ts';
import { expect, test } from '../../support/test.ts';

// Issue 30, section 4: Perfil → "Sesiones abiertas": this phone's session and another, "Cerrar las demás".
const IPAD_SAFARI =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test('Perfil lists the open sessions, marks this one, and "Cerrar las demás" ends the other', async ({
  page,
  request,
}) => {
  const { seller } = await newSeller(request);
  const res = await request.post('/api/login', {
    data: { email: seller.email, password: seller.password },
    headers: { 'user-agent': IPAD_SAFARI },
  });
  expect(res.status()).toBe(200);
  const other = ((await res.json()) as { token: string }).token;

  await openAppAs(page, seller, 'perfil');
  const section = page.getByRole('region', { name: 'Sesiones abiertas' });
  await expect(section.getByRole('listitem')).toHaveCount(2);
  await expect(section.getByRole('listitem').filter({ hasText: 'esta sesión' })).toHaveCount(1);
  await expect(section.getByRole('listitem').filter({ hasText: 'Safari en iPad' })).not.toContainText(
    'esta sesión',
  );

  await section.getByRole('button', { name: 'Cerrar las demás' }).click();
  const confirm = section.getByRole('alertdialog');
  await expect(confirm).toContainText('salvo la de este teléfono');
  await confirm.getByRole('button', { name: 'Cerrar las demás' }).click();
  await expect(page.getByText('Se cerró 1 sesión')).toBeVisible();
  await expect(section.getByRole('listitem')).toHaveCount(1);
  await expect(section.getByText('Safari en iPad')).toHaveCount(0);
  expect((await request.get('/api/me', { headers: auth(other) })).status()).toBe(401);
  expect((await request.get('/api/me', { headers: auth(seller.token) })).status()).toBe(200);
});

test('a list that cannot load says so, and "Reintentar" loads it', async ({ page, request }) => {
  const { seller } = await newSeller(request);
  let failing = true;
  await page.route('**/api/me/sessions', (route) =>
    failing
      ? route.fulfill({ status: 503, json: { message: 'El servicio no está disponible' } })
      : route.fallback(),
  );
  await openAppAs(page, seller, 'perfil');
  const section = page.getByRole('region', { name: 'Sesiones abiertas' });
  await expect(section.getByText('El servicio no está disponible')).toBeVisible();
  failing = false;
  await section.getByRole('button', { name: 'Reintentar' }).click();
  await expect(section.getByText('esta sesión')).toBeVisible();
});
