import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, createUser, unique } from './api.ts';

/** The password of the accounts ownAdmin makes. */
export const OWN_PASSWORD = 'clave-de-prueba-1';

/**
 * A new administrator of the test's own, for tests that change an account's way in (a second factor,
 * a passkey): the worker's demo administrator must never get one. `label` starts its email.
 */
export async function ownAdmin(request: APIRequestContext, label: string) {
  const id = unique();
  return createUser(request, await apiLogin(request), {
    name: `Admin ${id.slice(-5)}`,
    email: `${label}.${id}@prueba.test`,
    password: OWN_PASSWORD,
    role: 'admin',
  });
}

/** Email, OWN_PASSWORD and "Ingresar" on the sign-in screen at `origin` (the test's base URL by default). */
export async function signInWithPassword(page: Page, email: string, origin = '') {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña').fill(OWN_PASSWORD);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
}
