import { RESET_MSG } from '@panel/shared';
import type { Page } from '@playwright/test';
import { apiLogin, createUser, unique } from '../../support/api.ts';
import { resetLinkFor } from '../../support/mail.ts';
import { expect, test } from '../../support/test.ts';

// "¿Olvidaste tu contraseña?" in the panel (issue 23, item 2). The server has no SMTP_URL: the mail
// is the .eml it writes under DATA_DIR/mail, and the test follows its link.

async function newAdmin(page: Page) {
  const admin = await apiLogin(page.request);
  const email = `admin.${unique()}@demo.local`;
  const password = 'clave-vieja-2026';
  await createUser(page.request, admin, {
    name: 'Admin Olvidadiza',
    email,
    password,
    role: 'admin',
    branch_id: null,
  });
  return { email, password };
}

test('a forgotten password: the mailed link opens the form, the new password signs in and the old session ends', async ({
  page,
}) => {
  const account = await newAdmin(page);
  const oldSession = await apiLogin(page.request, account.email, account.password);

  await page.goto('/login');
  await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Olvidaste tu contraseña?' });
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: RESET_MSG.sent })).toBeVisible();
  await dialog.getByRole('button', { name: 'Entendido' }).click();

  const link = await resetLinkFor(account.email);
  expect(link).toMatch(/^\/login#restablecer=/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Elegí una contraseña nueva' })).toBeVisible({
    timeout: 15_000,
  });
  await page.getByLabel('Contraseña nueva', { exact: true }).fill('sauce-del-arroyo-77');
  await page.getByLabel('Repetí la contraseña nueva').fill('sauce-del-arroyo-77');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByRole('status').filter({ hasText: RESET_MSG.done })).toBeVisible();
  // The token left the address bar.
  expect(new URL(page.url()).hash).toBe('');

  // Every session of the account ended; the new password signs in through the form.
  expect(
    (await page.request.get('/api/me', { headers: { Authorization: `Bearer ${oldSession}` } })).status(),
  ).toBe(401);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Contraseña').fill('sauce-del-arroyo-77');
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
});

test('a used or wrong link says so, and the form checks the policy and the repetition first', async ({
  page,
}) => {
  await page.goto(`/login#restablecer=${'A'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'Elegí una contraseña nueva' })).toBeVisible({
    timeout: 15_000,
  });
  const save = page.getByRole('button', { name: 'Guardar contraseña' });
  await page.getByLabel('Contraseña nueva', { exact: true }).fill('corta');
  await save.click();
  await expect(page.getByText('La contraseña debe tener al menos 10 caracteres')).toBeVisible();
  await page.getByLabel('Contraseña nueva', { exact: true }).fill('sauce-del-arroyo-77');
  await page.getByLabel('Repetí la contraseña nueva').fill('sauce-del-arroyo-78');
  await save.click();
  await expect(page.getByText(RESET_MSG.passwordsDiffer)).toBeVisible();
  await page.getByLabel('Repetí la contraseña nueva').fill('sauce-del-arroyo-77');
  await save.click();
  await expect(page.getByRole('alert').filter({ hasText: RESET_MSG.invalidToken })).toBeVisible();
  // Back to the sign-in form.
  await page.getByRole('button', { name: 'Volver a ingresar' }).click();
  await expect(page.getByRole('button', { name: 'Ingresar', exact: true })).toBeVisible();
});
