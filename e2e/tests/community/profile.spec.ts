import { apiLogin, tryLogin } from '../../support/api.ts';
import { newSeller, openAppAs } from '../../support/community.ts';
import { expect, test } from '../../support/test.ts';

test('Perfil shows name and branch, changes the password (wrong current refused) and signs out', async ({
  page,
  request,
}) => {
  const { seller } = await newSeller(request);
  await openAppAs(page, seller, 'perfil');
  await expect(page.getByRole('heading', { name: seller.user.name })).toBeVisible();
  await expect(page.getByText(seller.user.branch_name!)).toBeVisible();

  const form = page.getByRole('form', { name: 'Cambiar contraseña' });
  await form.getByLabel('Contraseña actual').fill('no-es-esta');
  await form.getByLabel(/Contraseña nueva/).fill('nueva-clave-2026');
  await form.getByLabel('Repetí la contraseña nueva').fill('otra-cosa-2026');
  await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(form.getByText('Las contraseñas nuevas no coinciden')).toBeVisible();

  await form.getByLabel('Repetí la contraseña nueva').fill('nueva-clave-2026');
  await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(form.getByText('La contraseña actual no es correcta')).toBeVisible();

  await form.getByLabel('Contraseña actual').fill(seller.password);
  await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(form.getByRole('status')).toHaveText('Contraseña actualizada.');
  expect((await tryLogin(request, seller.email, 'nueva-clave-2026')).status).toBe(200);
  expect((await tryLogin(request, seller.email, seller.password)).status).toBe(401);

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page.getByRole('button', { name: 'Ingresar', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('community-auth'))).toBeNull();
});

test('a new password shorter than 8 characters is refused with the panel policy message', async ({
  page,
  request,
}) => {
  const { seller } = await newSeller(request);
  await openAppAs(page, seller, 'perfil');
  const form = page.getByRole('form', { name: 'Cambiar contraseña' });
  await form.getByLabel('Contraseña actual').fill(seller.password);
  await form.getByLabel(/Contraseña nueva/).fill('corta');
  await form.getByLabel('Repetí la contraseña nueva').fill('corta');
  await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(form.getByText('La contraseña debe tener al menos 10 caracteres')).toBeVisible();
});

test('a password change that ends other sessions says so, and wrong current passwords get a 429 (issue 20, item 10)', async ({
  page,
  request,
}) => {
  const { seller } = await newSeller(request);
  // The same seller signed in on another device.
  const otherDevice = await apiLogin(request, seller.email, seller.password);
  await openAppAs(page, seller, 'perfil');
  const form = page.getByRole('form', { name: 'Cambiar contraseña' });
  await form.getByLabel('Contraseña actual').fill(seller.password);
  await form.getByLabel(/Contraseña nueva/).fill('yerba-mate-2026');
  await form.getByLabel('Repetí la contraseña nueva').fill('yerba-mate-2026');
  await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Contraseña actualizada. Cerramos la otra sesión abierta de tu cuenta: en ese dispositivo vas a tener que ingresar de nuevo.',
  );
  expect(
    (await request.get('/api/me', { headers: { Authorization: `Bearer ${otherDevice}` } })).status(),
  ).toBe(401);

  // Guessing the current password from this session: 5 wrong ones, then the throttle's Spanish 429.
  for (let i = 0; i < 5; i++) {
    await form.getByLabel('Contraseña actual').fill(`no-es-esta-${i}`);
    await form.getByLabel(/Contraseña nueva/).fill('otra-clave-2026');
    await form.getByLabel('Repetí la contraseña nueva').fill('otra-clave-2026');
    await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(form.getByText('La contraseña actual no es correcta')).toBeVisible();
  }
  await form.getByLabel('Contraseña actual').fill('yerba-mate-2026');
  await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Demasiados intentos con una contraseña actual incorrecta. Probá de nuevo en unos minutos.',
  );
});
