import { expect, type Page } from '@playwright/test';
import { DEMO_ADMIN } from './api.ts';

export async function fillLogin(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

/** Signs in through the login screen and waits for the dashboard. */
export async function loginAsAdmin(page: Page) {
  await fillLogin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Tablero de control' })).toBeVisible();
}

/** The stored session, as the panel persists it under `auth-storage`. */
export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('auth-storage');
    if (!raw) return null;
    return (JSON.parse(raw) as { state?: { token?: string | null } }).state?.token ?? null;
  });
}
