import AxeBuilder from '@axe-core/playwright';
import { SURVEY_MSG, type TAppSurvey } from '@panel/shared';
import type { APIRequestContext } from '@playwright/test';
import { auth, unique } from '../../support/api.ts';
import {
  appGet,
  createFourTypeSurvey,
  newSeller,
  openAppAs,
  sellerOnNewBranch,
} from '../../support/community.ts';
import { expect, test } from '../../support/test.ts';

test('answers a survey with the four question types: required marks, "+N puntos", the new total, then done', async ({
  page,
  request,
}) => {
  const { seller, admin } = await newSeller(request);
  const title = `Semana ${unique()}`;
  await createFourTypeSurvey(request, admin, title, 25);
  const before = await appGet<{ data: { total_points: number } }>(
    request,
    seller.token,
    '/api/app/me/points',
  );

  await openAppAs(page, seller, 'encuestas');
  const card = page.getByRole('link').filter({ hasText: title });
  await expect(card).toContainText('+25 puntos');
  await card.click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

  // Sending with nothing marks the two required questions.
  await page.getByRole('button', { name: 'Enviar respuestas' }).click();
  await expect(page.getByText(SURVEY_MSG.requiredAnswerMissing)).toHaveCount(2);
  await expect(
    page.getByRole('group', { name: /¿Cómo calificás la semana\? \(obligatoria\)/ }),
  ).toBeVisible();

  await page
    .getByRole('group', { name: /Cómo calificás/ })
    .getByRole('radio', { name: '4', exact: true })
    .check();
  await page
    .getByRole('group', { name: /stock suficiente/ })
    .getByRole('radio', { name: 'No', exact: true })
    .check();
  await page
    .getByRole('group', { name: /Qué línea/ })
    .getByRole('radio', { name: 'Detergentes' })
    .check();
  await page.getByLabel(/Comentarios/).fill('Muy buena semana');
  await page.getByRole('button', { name: 'Enviar respuestas' }).click();

  const result = page.getByRole('status').filter({ hasText: 'puntos' });
  await expect(result).toBeVisible();
  const points = async () =>
    (await appGet<{ data: { total_points: number } }>(request, seller.token, '/api/app/me/points')).data
      .total_points;
  const total = await points();
  const earned = total - before.data.total_points;
  expect(earned).toBeGreaterThanOrEqual(25);
  await expect(result).toContainText(`+${earned} puntos`);
  await expect(result).toContainText(`Ahora tenés ${total.toLocaleString('es-AR')} puntos`);

  await page.getByRole('link', { name: 'Ver encuestas' }).click();
  await expect(page.getByRole('link').filter({ hasText: title })).toContainText('Respondida');
});

test('Enviar with a required question left unanswered above brings it into view and focuses its first choice', async ({
  page,
  request,
}) => {
  const { seller, admin } = await newSeller(request);
  const title = `Sin responder ${unique()}`;
  await createFourTypeSurvey(request, admin, title, 5);
  await openAppAs(page, seller, 'encuestas');
  await page.getByRole('link').filter({ hasText: title }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

  // Everything but the first question, a rating (a group of choices, not one input).
  await page
    .getByRole('group', { name: /stock suficiente/ })
    .getByRole('radio', { name: 'Sí', exact: true })
    .check();
  await page.getByLabel(/Comentarios/).fill('Todo bien');
  const send = page.getByRole('button', { name: 'Enviar respuestas' });
  await send.scrollIntoViewIfNeeded();
  await send.click();

  const rating = page.getByRole('group', { name: /Cómo calificás/ });
  await expect(rating).toContainText(SURVEY_MSG.requiredAnswerMissing);
  await expect(rating.getByRole('radio', { name: '1', exact: true })).toBeFocused();
  await expect(rating.getByRole('radio', { name: '1', exact: true })).toBeInViewport();
  await expect(page.getByText(SURVEY_MSG.requiredAnswerMissing)).toHaveCount(1);
});

test('a survey answered before (on another device) shows as done, readable at 4.5:1, and offers no form', async ({
  page,
  request,
}) => {
  const { seller, admin } = await newSeller(request);
  const title = `Respondida ${unique()}`;
  const survey = await createFourTypeSurvey(request, admin, title, 10);
  const { data } = await appGet<{ data: TAppSurvey[] }>(
    request,
    seller.token,
    '/api/app/surveys?per_page=100',
  );
  const questions = data.find((s) => s.id === survey.id)!.questions;
  const answers = questions
    .filter((q) => q.required)
    .map((q) => ({ question_id: q.id, value: q.type === 'rating' ? 5 : true }));
  const res = await request.post(`/api/app/surveys/${survey.id}/responses`, {
    headers: { Authorization: `Bearer ${seller.token}` },
    data: { answers },
  });
  expect(res.status()).toBe(201);

  await openAppAs(page, seller, 'encuestas');
  const done = page.getByRole('link').filter({ hasText: title });
  await expect(done).toContainText('Respondida');
  const contrast = await new AxeBuilder({ page })
    .include('.survey-card--done')
    .withRules(['color-contrast'])
    .analyze();
  expect(contrast.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
  await done.click();
  await expect(page.getByText('Ya respondiste esta encuesta.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar respuestas' })).toHaveCount(0);
});

test.describe('without the service worker (so the test can answer the calls)', () => {
  test.use({ serviceWorkers: 'block' });

  test('an answer the server refuses with 409 (answered or closed meanwhile) says so', async ({
    page,
    request,
  }) => {
    const { seller, admin } = await newSeller(request);
    const title = `Cerrada ${unique()}`;
    const survey = await createFourTypeSurvey(request, admin, title, 10);
    await page.route(`**/api/app/surveys/${survey.id}/responses`, (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ message: SURVEY_MSG.surveyNotAvailable }),
      }),
    );
    await openAppAs(page, seller, `encuestas/${survey.id}`);
    await page
      .getByRole('group', { name: /Cómo calificás/ })
      .getByRole('radio', { name: '3', exact: true })
      .check();
    await page
      .getByRole('group', { name: /stock suficiente/ })
      .getByRole('radio', { name: 'Sí', exact: true })
      .check();
    await page.getByRole('button', { name: 'Enviar respuestas' }).click();
    await expect(page.getByRole('alert')).toContainText('ya fue respondida o ya no está disponible');
  });

  test('a survey list that fails to load says "Error al cargar encuestas"', async ({ page, request }) => {
    const { seller } = await newSeller(request);
    await page.route('**/api/app/surveys*', (route) => route.fulfill({ status: 503, body: '' }));
    await openAppAs(page, seller, 'encuestas');
    await expect(page.getByRole('alert')).toContainText('Error al cargar encuestas');
  });
});

/** A survey of the branch that closes in 30 minutes and reminds 1 hour before: its reminder's time has come. */
async function createDueSurvey(
  request: APIRequestContext,
  admin: string,
  branchId: number | null,
  title: string,
) {
  const created = await request.post('/api/admin/surveys', {
    headers: auth(admin),
    data: {
      title,
      active: true,
      branch_id: branchId,
      end_date: new Date(Date.now() + 30 * 60_000).toISOString(),
      reminder_minutes: 60,
      questions: [{ question_text: '¿Recibiste el pedido?', type: 'boolean', required: true }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
}

test('a survey whose reminder time has come says "Todavía no la respondiste" until answered', async ({
  page,
  request,
}) => {
  // docs/decisions/2026-12-04-reminders.md: the app's notice of "Recordar a quienes no respondieron".
  const { seller, admin } = await sellerOnNewBranch(request);
  const title = `Cierra pronto ${unique()}`;
  await createDueSurvey(request, admin, seller.user.branch_id, title);

  await openAppAs(page, seller, 'encuestas');
  const card = page.getByRole('link').filter({ hasText: title });
  await expect(card).toContainText('Todavía no la respondiste');
  await card.click();
  await page.getByRole('radio', { name: 'Sí', exact: true }).check();
  await page.getByRole('button', { name: 'Enviar respuestas' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'puntos' })).toBeVisible();
  await page.getByRole('link', { name: 'Ver encuestas' }).click();
  await expect(page.getByRole('link').filter({ hasText: title })).toContainText('Respondida');
  await expect(page.getByRole('link').filter({ hasText: title })).not.toContainText(
    'Todavía no la respondiste',
  );
});

test('Avisos lists a survey whose reminder has come under "Encuestas por responder", with the badge, until answered', async ({
  page,
  request,
}) => {
  // docs/decisions/2026-12-04-reminders.md: the reminder's in-app notice in Avisos.
  const { seller, admin } = await sellerOnNewBranch(request);
  const title = `Por responder ${unique()}`;
  await createDueSurvey(request, admin, seller.user.branch_id, title);

  const counts = await appGet<{ data: { unread_count: number; reminders_due: number } }>(
    request,
    seller.token,
    '/api/app/notifications/unread-count',
  );
  expect(counts.data.reminders_due).toBe(1);
  const unread = counts.data.unread_count;
  await openAppAs(page, seller, 'notificaciones');
  const tabs = page.getByRole('navigation', { name: 'Secciones' });
  // The badge counts the unread notices and the survey that reminds.
  await expect(tabs.getByTestId('unread-badge')).toHaveText(`${unread + 1} sin leer`);
  const section = page.getByRole('region', { name: 'Encuestas por responder' });
  const reminder = section.getByRole('link').filter({ hasText: `Recordatorio: ${title}` });
  await expect(reminder).toContainText('La encuesta cierra en menos de una hora. Todavía no la respondiste.');
  await reminder.click();
  await page.getByRole('radio', { name: 'Sí', exact: true }).check();
  await page.getByRole('button', { name: 'Enviar respuestas' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'puntos' })).toBeVisible();
  await tabs.getByRole('link', { name: /Avisos/ }).click();
  await expect(page.getByRole('heading', { name: 'Avisos', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Encuestas por responder' })).toHaveCount(0);
  if (unread > 0) await expect(tabs.getByTestId('unread-badge')).toHaveText(`${unread} sin leer`);
  else await expect(tabs.getByTestId('unread-badge')).toHaveCount(0);
});
