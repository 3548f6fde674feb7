import { BASE_URL } from '../../playwright.config.ts';
import { newSeller, openAppAs, type Seller } from '../../support/community.ts';
import {
  expectShownAsText,
  type HostileSeed,
  seedHostileTexts,
  watchPage,
} from '../../support/hostile-text.ts';
import { expect, test } from '../../support/test.ts';

/**
 * Issue 13, deliver 6, in the sellers' app: the feed, a post with its comments, the notifications,
 * a survey and the agenda show HTML and script payloads as text. A second seller of the same
 * branch reads them (the first one wrote the post, the comment and the answer).
 */
let seed: HostileSeed;
let reader: Seller;
test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: BASE_URL });
  seed = await seedHostileTexts(request);
  reader = (await newSeller(request, { branchId: seed.branch.id })).seller;
  await request.dispose();
});

test('the feed and a post show the content, the author, the branch and the comments as text', async ({
  page,
}) => {
  const problems = await watchPage(page);
  await openAppAs(page, reader);
  const card = page.getByRole('article').filter({ hasText: seed.marker });
  await expect(card).toBeVisible();
  await expectShownAsText(page, [seed.post.content, seed.seller.user.name, seed.branch.name], problems);
  await card.getByRole('link', { name: /^\d+ comentarios?$/ }).click();
  await expect(page.getByRole('heading', { name: 'Publicación', level: 1 })).toBeVisible();
  await expectShownAsText(page, [seed.post.content, seed.comment], problems);
});

test('Avisos shows the title, the message and the type as text', async ({ page }) => {
  const problems = await watchPage(page);
  await openAppAs(page, reader, 'notificaciones');
  await expect(page.getByRole('heading', { name: 'Avisos', level: 1 })).toBeVisible();
  await expectShownAsText(page, [seed.notification.title], problems);
  await page.locator('.notification').filter({ hasText: seed.marker }).first().click();
  await expectShownAsText(page, [seed.notification.message, seed.notificationTypeName], problems);
});

test('Encuestas shows the survey, its questions and options as text', async ({ page }) => {
  const problems = await watchPage(page);
  await openAppAs(page, reader, 'encuestas');
  const card = page.getByRole('link').filter({ hasText: seed.marker });
  await expectShownAsText(page, [seed.survey.title], problems);
  await card.click();
  await expect(page.getByRole('heading', { name: seed.survey.title, level: 1 })).toBeVisible();
  await expectShownAsText(
    page,
    [seed.survey.description!, seed.question, seed.survey.questions[1]!.question_text, seed.option],
    problems,
  );
});

test('Agenda shows the event title and its description as text', async ({ page }) => {
  const problems = await watchPage(page);
  await openAppAs(page, reader, 'agenda');
  await expect(page.getByRole('heading', { name: 'Agenda', level: 1 })).toBeVisible();
  await expectShownAsText(page, [seed.event.title, seed.event.description!], problems);
});
