import type { Page } from '@playwright/test';
import { BASE_URL } from '../../playwright.config.ts';
import {
  expectShownAsText,
  type HostileSeed,
  seedHostileTexts,
  watchPage,
} from '../../support/hostile-text.ts';
import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

/**
 * Issue 13, deliver 6: user text is shown as text on every panel screen that shows it. The texts
 * (branch, seller, post, comment, notification and its type, event and its type, survey, question,
 * option and answer) are HTML and script payloads, created through the API.
 */

const BUSINESS_TZ = 'America/Argentina/Buenos_Aires';

let seed: HostileSeed;
test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: BASE_URL });
  seed = await seedHostileTexts(request);
  await request.dispose();
});

async function open(page: Page, path: string) {
  const problems = await watchPage(page);
  await openAsAdmin(page, path);
  return problems;
}

test('Sucursales and Usuarios show branch and seller names as text', async ({ page }) => {
  const problems = await open(page, `/branches?q=${seed.marker}`);
  await expectShownAsText(page, [seed.branch.name], problems);
  await page.goto(`/users?q=${seed.marker}`);
  await expectShownAsText(page, [seed.seller.user.name, seed.branch.name], problems);
});

test.describe('at 1600 px, where Publicaciones shows its Autor column beside the selection', () => {
  test.use({ viewport: { width: 1600, height: 900 } });
  test('Publicaciones shows the post, its author and its comments as text', async ({ page }) => {
    const problems = await open(page, `/posts?q=${seed.marker}`);
    await expectShownAsText(page, [seed.post.content, seed.seller.user.name], problems);
    await page.getByRole('button', { name: 'Ver los 1 comentarios' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectShownAsText(page, [seed.comment], problems);
    await expect(dialog).toContainText(seed.seller.user.name);
  });
});

test('Notificaciones and their types show titles, messages and names as text', async ({ page }) => {
  const problems = await open(page, `/notifications?q=${seed.marker}`);
  await expectShownAsText(page, [seed.notification.title, seed.notificationTypeName], problems);
  await page.goto(`/notification-types?q=${seed.marker}`);
  await expectShownAsText(page, [seed.notificationTypeName], problems);
});

test('Eventos, their types and the calendar show titles and names as text', async ({ page }) => {
  const problems = await open(page, `/events?q=${seed.marker}`);
  await expectShownAsText(page, [seed.event.title, seed.event.description!, seed.eventTypeName], problems);
  await page.goto(`/event-types?q=${seed.marker}`);
  await expectShownAsText(page, [seed.eventTypeName], problems);
  await page.goto('/calendar');
  // The event starts in ten minutes: near a month's end that is next month's grid.
  const month = (iso: string) =>
    new Date(iso).toLocaleDateString('es-AR', { timeZone: BUSINESS_TZ, month: 'numeric', year: 'numeric' });
  if (month(seed.event.start_at) !== month(new Date().toISOString())) {
    await page.getByRole('button', { name: 'Mes siguiente' }).click();
  }
  await expectShownAsText(page, [seed.event.title], problems);
});

test('Encuestas shows the survey, its questions, options and answers as text', async ({ page }) => {
  const problems = await open(page, `/surveys?q=${seed.marker}`);
  await expectShownAsText(page, [seed.survey.title, seed.branch.name], problems);
  await page.getByRole('button', { name: `Estadísticas de ${seed.survey.title}` }).click();
  const stats = page.getByRole('dialog', { name: `Estadísticas: ${seed.survey.title}` });
  await expect(stats).toBeVisible();
  await expectShownAsText(
    page,
    [seed.question, seed.answer, seed.survey.questions[1]!.question_text],
    problems,
  );
  await page.goto(`/surveys?q=${seed.marker}`);
  await page.getByRole('button', { name: `Editar ${seed.survey.title}` }).click();
  const form = page.getByRole('dialog');
  await expect(form.getByRole('textbox').first()).toBeVisible();
  // In the form the texts are field values, as typed.
  await expect(form.getByRole('textbox', { name: /Título/ })).toHaveValue(seed.survey.title);
  await expect(form.locator('[data-xss]')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('Puntos: the leaderboard and the history show the seller and the branch as text', async ({ page }) => {
  const problems = await open(page, `/points-leaderboard?branch_id=${seed.branch.id}`);
  await expectShownAsText(page, [seed.seller.user.name], problems);
  await page.goto(`/points-transactions?user_id=${seed.seller.user.id}`);
  await expectShownAsText(page, [seed.seller.user.name], problems);
});
