import { SURVEY_MSG } from '@panel/shared';
import type { Locator, Page } from '@playwright/test';
import { answerSurvey, apiLogin, createSurvey, DEMO_SELLER, getSurvey, unique } from '../../support/api.ts';
import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

async function openSurveys(page: Page) {
  await openAsAdmin(page, '/surveys');
  await expect(page.getByRole('heading', { name: 'Encuestas', level: 1 })).toBeVisible();
  await expect(page.getByText('Inicio / Encuestas')).toBeVisible();
}

const card = (page: Page, title: string) => page.getByTestId('survey-card').filter({ hasText: title });

async function chooseType(question: Locator, page: Page, label: string) {
  await question.getByRole('combobox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

test('authors a survey with all four types, toggles it, gets an answer and shows its statistics, then deletes it', async ({
  page,
  request,
}) => {
  const title = `Capacitación ${unique()}`;
  await openSurveys(page);
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva Encuesta' });
  await dialog.getByLabel('Título').fill(title);
  await dialog.getByLabel('Descripción').fill('Contanos qué te pareció');
  // A new survey starts active, as whoever writes one expects.
  await expect(dialog.getByRole('checkbox', { name: 'Activa' })).toBeChecked();
  await expect(dialog.getByLabel('Puntos de recompensa')).toHaveValue('10');

  const questions = dialog.getByTestId('survey-question');
  await questions.nth(0).getByLabel('Texto de la pregunta').fill('¿Qué te pareció?');
  await dialog.getByRole('button', { name: 'Agregar pregunta' }).click();
  await questions.nth(1).getByLabel('Texto de la pregunta').fill('Calificá al capacitador');
  await chooseType(questions.nth(1), page, 'Calificación (1 a 5)');
  await questions.nth(1).getByRole('checkbox', { name: 'Obligatoria' }).check();
  await dialog.getByRole('button', { name: 'Agregar pregunta' }).click();
  await questions.nth(2).getByLabel('Texto de la pregunta').fill('¿Lo recomendarías?');
  await chooseType(questions.nth(2), page, 'Sí/No');
  await dialog.getByRole('button', { name: 'Agregar pregunta' }).click();
  await questions.nth(3).getByLabel('Texto de la pregunta').fill('Formato preferido');
  await chooseType(questions.nth(3), page, 'Opción múltiple');
  // docs/product.md#the-panels-screens: multiple choice starts with one empty option.
  await expect(questions.nth(3).getByPlaceholder(/^Opción \d$/)).toHaveCount(1);
  await questions.nth(3).getByPlaceholder('Opción 1').fill('Presencial');
  await questions.nth(3).getByRole('button', { name: 'Agregar opción' }).click();
  await questions.nth(3).getByPlaceholder('Opción 2').fill('Virtual');
  // Reorder: the rating question goes first.
  await questions.nth(1).getByRole('button', { name: 'Subir pregunta 2' }).click();
  await expect(questions.nth(0).getByLabel('Texto de la pregunta')).toHaveValue('Calificá al capacitador');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(SURVEY_MSG.created)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Buscar encuestas' }).fill(title);
  const item = card(page, title);
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Todas');
  await expect(item).toContainText('10 puntos');
  await expect(item).toContainText('Preguntas:4');
  await expect(item).toContainText('Respuestas:0');
  await expect(item.getByText(SURVEY_MSG.available, { exact: true })).toBeVisible();

  // The switch says the state: "Activa", then "Inactiva" once turned off.
  await item.getByRole('switch', { name: `Activa: ${title}` }).click();
  await expect(page.getByText(SURVEY_MSG.deactivated)).toBeVisible();
  await expect(item.getByText(SURVEY_MSG.notAvailable, { exact: true })).toBeVisible();
  const off = item.getByRole('switch', { name: `Inactiva: ${title}` });
  await expect(off).not.toBeChecked();
  await expect(item.getByText('Inactiva', { exact: true })).toBeVisible();
  await expect(item.getByText('Activa', { exact: true })).toHaveCount(0);
  await off.click();
  await expect(page.getByText(SURVEY_MSG.activated)).toBeVisible();
  await expect(item.getByText(SURVEY_MSG.available, { exact: true })).toBeVisible();
  await expect(item.getByRole('switch', { name: `Activa: ${title}` })).toBeChecked();

  // A seller answers through the community-app API.
  const admin = await apiLogin(request);
  const id = Number((await item.getAttribute('data-survey-id')) ?? 0);
  const survey = (await (await getSurvey(request, admin, id)).json()).data as {
    questions: { id: number; type: string }[];
  };
  expect(survey.questions.map((q) => q.type)).toEqual(['rating', 'text', 'boolean', 'multiple_choice']);
  const seller = await apiLogin(request, DEMO_SELLER.email, DEMO_SELLER.password);
  const values: Record<string, unknown> = {
    rating: 4,
    text: 'Muy buena',
    boolean: true,
    multiple_choice: 'Virtual',
  };
  const res = await answerSurvey(
    request,
    seller,
    id,
    survey.questions.map((q) => ({ question_id: q.id, value: values[q.type] })),
  );
  expect(res.status(), await res.text()).toBe(201);
  expect((await answerSurvey(request, seller, id, [])).status()).toBe(409);

  await page.reload();
  await expect(card(page, title)).toContainText('Respuestas:1');
  await card(page, title)
    .getByRole('button', { name: `Estadísticas de ${title}` })
    .click();
  const stats = page.getByRole('dialog', { name: `Estadísticas: ${title}` });
  await expect(stats.getByText('Respuestas totales')).toBeVisible();
  await expect(stats).toContainText(/Tasa de respuesta\s*\d+(,\d)?\s?% \(1 de \d+ vendedores\)/);
  const perQuestion = stats.getByTestId('question-statistics');
  await expect(perQuestion).toHaveCount(4);
  await expect(perQuestion.nth(0)).toContainText('Promedio: 4');
  await expect(perQuestion.nth(0).locator('.recharts-surface')).toBeVisible();
  await expect(perQuestion.nth(1)).toContainText('Muy buena');
  await expect(
    perQuestion.nth(3).getByRole('figure', { name: 'Distribución: Formato preferido' }),
  ).toBeVisible();
  await stats.getByRole('button', { name: 'Cerrar' }).click();

  await card(page, title)
    .getByRole('button', { name: `Eliminar ${title}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Confirmar eliminación' });
  await expect(confirm.getByText(SURVEY_MSG.confirmDelete)).toBeVisible();
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText(SURVEY_MSG.deleted)).toBeVisible();
  await expect(card(page, title)).toHaveCount(0);
  expect((await getSurvey(request, admin, id)).status()).toBe(404);
});

test('shows the form errors and saves nothing: title, questions, options', async ({ page }) => {
  await openSurveys(page);
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva Encuesta' });
  const question = dialog.getByTestId('survey-question');
  await chooseType(question, page, 'Opción múltiple');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText(SURVEY_MSG.titleRequired)).toBeVisible();
  await expect(dialog.getByText(SURVEY_MSG.questionTextRequired)).toBeVisible();
  await expect(dialog.getByText(SURVEY_MSG.optionRequired)).toBeVisible();
  await expect(dialog.getByText(SURVEY_MSG.optionsMin)).toBeVisible();
  await question.getByRole('button', { name: 'Quitar pregunta 1' }).click();
  await expect(dialog.getByText(SURVEY_MSG.questionsRequired)).toBeVisible();
  await expect(dialog).toBeVisible();
});

/** Whether the middle of an element can be seen: inside the window and not under the dialog's header. */
const inSight = (locator: Locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });

/** A day `days` from today in Buenos Aires, as the form takes it (dd/mm/aaaa) and as YYYY-MM-DD. */
function businessDay(days: number): { typed: string; iso: string } {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(
    Date.now() + days * 86_400_000,
  );
  const [y, m, d] = iso.split('-');
  return { typed: `${d}/${m}/${y}`, iso };
}

test('Nueva Encuesta takes a day without its time as the whole day, and with three questions Guardar brings the first problem into view, focused', async ({
  page,
  request,
}) => {
  const title = `Del día ${unique()}`;
  const start = businessDay(0);
  const end = businessDay(7);
  await openSurveys(page);
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva Encuesta' });
  await dialog.getByLabel('Título').fill(title);
  await dialog.getByRole('textbox', { name: 'Fecha de inicio' }).fill(start.typed);
  await dialog.getByRole('textbox', { name: 'Fecha de fin' }).fill(end.typed);
  await dialog.getByRole('textbox', { name: 'Fecha de fin' }).blur();
  await expect(dialog.getByText(/Falta la hora/)).toHaveCount(0);
  await expect(dialog.getByRole('textbox', { name: 'Fecha de inicio' })).toHaveValue(`${start.typed} 00:00`);
  await expect(dialog.getByRole('textbox', { name: 'Fecha de fin' })).toHaveValue(`${end.typed} 23:59`);

  // Three questions, the first left without its text: its message is above the fold once at Guardar.
  const questions = dialog.getByTestId('survey-question');
  await dialog.getByRole('button', { name: 'Agregar pregunta' }).click();
  await questions.nth(1).getByLabel('Texto de la pregunta').fill('¿Te sirvió?');
  await dialog.getByRole('button', { name: 'Agregar pregunta' }).click();
  await questions.nth(2).getByLabel('Texto de la pregunta').fill('¿Qué mejorarías?');
  const first = questions.nth(0).getByLabel('Texto de la pregunta');
  const save = dialog.getByRole('button', { name: 'Guardar' });
  await save.scrollIntoViewIfNeeded();
  expect(await inSight(first)).toBe(false);
  await save.click();
  await expect(questions.nth(0).getByText(SURVEY_MSG.questionTextRequired)).toBeVisible();
  await expect(first).toBeFocused();
  await expect.poll(() => inSight(first)).toBe(true);

  await page.keyboard.type('¿Cómo estuvo?');
  await save.click();
  await expect(page.getByText(SURVEY_MSG.created)).toBeVisible();
  const token = await apiLogin(request);
  const list = await request.get(`/api/admin/surveys?q=${encodeURIComponent(title)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const [saved] = (await list.json()).data as { start_date: string; end_date: string; active: boolean }[];
  // Buenos Aires is UTC-3: the start is that day's 00:00 there, the end the last instant of its day.
  expect(saved).toMatchObject({
    active: true,
    start_date: new Date(`${start.iso}T00:00:00-03:00`).toISOString(),
    end_date: new Date(Date.parse(`${end.iso}T00:00:00-03:00`) + 86_400_000 - 1).toISOString(),
  });
});

test('edits a survey keeping its questions, and the statistics dialog closes with its error', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const title = `Editable ${unique()}`;
  await createSurvey(request, token, {
    title,
    questions: [
      { question_text: 'Primera', type: 'text' },
      { question_text: 'Segunda', type: 'boolean', required: true },
    ],
  });
  await openSurveys(page);
  await page.getByRole('searchbox', { name: 'Buscar encuestas' }).fill(title);
  await card(page, title)
    .getByRole('button', { name: `Editar ${title}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Editar Encuesta' });
  const questions = dialog.getByTestId('survey-question');
  await expect(questions).toHaveCount(2);
  await questions.nth(1).getByLabel('Texto de la pregunta').fill('Segunda, editada');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(SURVEY_MSG.updated)).toBeVisible();

  await page.route('**/api/admin/surveys/*/statistics', (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }),
  );
  await card(page, title)
    .getByRole('button', { name: `Estadísticas de ${title}` })
    .click();
  await expect(page.getByText(SURVEY_MSG.statisticsError)).toBeVisible();
  await expect(page.getByRole('dialog', { name: `Estadísticas: ${title}` })).toBeHidden();
});

test('shows "Error al cargar encuestas" when the list fails, and retries', async ({ page }) => {
  let fail = true;
  await page.route('**/api/admin/surveys?*', (route) =>
    fail
      ? route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' })
      : route.fallback(),
  );
  await openAsAdmin(page, '/surveys');
  await expect(page.getByRole('alert').filter({ hasText: SURVEY_MSG.loadListError })).toBeVisible({
    timeout: 15_000,
  });
  fail = false;
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByTestId('survey-card').first()).toBeVisible();
});
