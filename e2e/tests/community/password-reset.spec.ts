import { RESET_MSG } from '@panel/shared';
import { APP, newSeller } from '../../support/community.ts';
import { resetLinkFor } from '../../support/mail.ts';
import { expect, test } from '../../support/test.ts';

// "¿Olvidaste tu contraseña?" in the sellers' app, on the phone (issue 23, item 2). The server has no
// SMTP_URL: the mail is the .eml it writes under DATA_DIR/mail, and the test follows its link.

test('a seller asks for a link, the mailed link opens the app, and the new password signs in', async ({
  page,
  request,
}) => {
  const { seller } = await newSeller(request);
  await page.goto(APP);
  await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page.getByRole('heading', { name: '¿Olvidaste tu contraseña?' })).toBeVisible();
  await page.getByLabel('Email').fill(seller.email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByRole('status').filter({ hasText: RESET_MSG.sent })).toBeVisible();

  const link = await resetLinkFor(seller.email);
  expect(link).toMatch(/^\/comunidad\/#restablecer=/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Elegí una contraseña nueva' })).toBeVisible();
  await page.getByLabel('Contraseña nueva (al menos 10 caracteres)').fill('ceibo-en-flor-2026');
  await page.getByLabel('Repetí la contraseña nueva').fill('ceibo-en-flor-2026');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByRole('status').filter({ hasText: RESET_MSG.done })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');

  // The session the seller had is over; the new password signs in.
  expect(
    (await request.get('/api/me', { headers: { Authorization: `Bearer ${seller.token}` } })).status(),
  ).toBe(401);
  await page.getByLabel('Email').fill(seller.email);
  await page.getByLabel('Contraseña').fill('ceibo-en-flor-2026');
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Secciones' })).toBeVisible({ timeout: 20_000 });

  // The same link again: used.
  await page.goto(link);
  await page.getByLabel('Contraseña nueva (al menos 10 caracteres)').fill('otra-clave-larga-2026');
  await page.getByLabel('Repetí la contraseña nueva').fill('otra-clave-larga-2026');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByRole('alert').filter({ hasText: RESET_MSG.invalidToken })).toBeVisible();
});

test('the request checks the email, and a wrong link says so after the form checked the policy', async ({
  page,
}) => {
  await page.goto(APP);
  await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
  await page.getByLabel('Email').fill('no-es-un-email');
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByText('Email inválido')).toBeVisible();
  await page.getByRole('button', { name: 'Volver a ingresar' }).click();
  await expect(page.getByRole('button', { name: 'Ingresar', exact: true })).toBeVisible();

  await page.goto(`${APP}#restablecer=${'B'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'Elegí una contraseña nueva' })).toBeVisible();
  await page.getByLabel('Contraseña nueva (al menos 10 caracteres)').fill('password123');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(
    page.getByText('Esa contraseña es de las más usadas y fácil de adivinar: elegí otra'),
  ).toBeVisible();
  await page.getByLabel('Contraseña nueva (al menos 10 caracteres)').fill('ceibo-en-flor-2026');
  await page.getByLabel('Repetí la contraseña nueva').fill('ceibo-en-flor-2026');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByRole('alert').filter({ hasText: RESET_MSG.invalidToken })).toBeVisible();
});
