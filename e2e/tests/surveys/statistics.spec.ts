import { SURVEY_MSG } from '@panel/shared';
import {
  answerSurvey,
  apiLogin,
  auth,
  createBranch,
  createSurvey,
  createUser,
  unique,
} from '../../support/api.ts';
import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

// Issue 21, item 12: "2 respuestas" next to "1 de 1 vendedor" must say how the two differ.

test('says in words what the responses and the rate count, and why a response is outside the rate', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request);
  const tag = unique();
  const branch = await createBranch(request, admin, { name: `Sucursal ${tag}` });
  const password = `Clave-Encuesta-${tag}`;
  const sellers = await Promise.all(
    [1, 2].map((n) =>
      createUser(request, admin, {
        name: `Encuestado ${n} ${tag}`,
        email: `encuestado${n}.${tag}@prueba.test`,
        password,
        branch_id: branch.id,
      }),
    ),
  );
  const title = `Clima laboral ${tag}`;
  const survey = await createSurvey(request, admin, {
    title,
    active: true,
    branch_id: branch.id,
    questions: [{ question_text: '¿Volverías a trabajar con tu equipo?', type: 'boolean', required: true }],
  });
  for (const seller of sellers) {
    const token = await apiLogin(request, seller.email, password);
    const res = await answerSurvey(request, token, survey.id, [
      { question_id: survey.questions[0]!.id, value: true },
    ]);
    expect(res.status(), await res.text()).toBe(201);
  }
  // One of the two leaves: the response stays, the seller no longer counts for the rate.
  const off = await request.put(`/api/users/${sellers[1]!.id}`, {
    data: { active: false },
    headers: auth(admin),
  });
  expect(off.status(), await off.text()).toBe(200);

  await openAsAdmin(page, '/surveys');
  await page.getByRole('searchbox', { name: 'Buscar encuestas' }).fill(title);
  await page.getByRole('button', { name: `Estadísticas de ${title}` }).click();
  const stats = page.getByRole('dialog', { name: `Estadísticas: ${title}` });
  await expect(stats.getByText('Respuestas totales')).toBeVisible();
  await expect(stats).toContainText(/Tasa de respuesta\s*100\s?% \(1 de 1 vendedor\)/);
  await expect(
    stats.getByText('2 personas respondieron la encuesta (cada persona responde una vez).'),
  ).toBeVisible();
  await expect(
    stats.getByText(`El único vendedor activo de ${branch.name}, quien puede responderla hoy, respondió.`),
  ).toBeVisible();
  await expect(stats.getByTestId('responses-outside-rate')).toHaveText(
    '1 respuesta es de alguien que hoy no está entre esos vendedores (desactivado, de otra sucursal o administrador): cuenta en las respuestas, no en la tasa.',
  );
});

test('a survey nobody outside the rate answered says nothing more, and a failed load says so', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request);
  const title = `Sin respuestas ${unique()}`;
  await createSurvey(request, admin, {
    title,
    questions: [{ question_text: '¿Algo para agregar?', type: 'text' }],
  });
  await openAsAdmin(page, '/surveys');
  await page.getByRole('searchbox', { name: 'Buscar encuestas' }).fill(title);
  await page.getByRole('button', { name: `Estadísticas de ${title}` }).click();
  const stats = page.getByRole('dialog', { name: `Estadísticas: ${title}` });
  await expect(
    stats.getByText('Nadie respondió la encuesta todavía (cada persona responde una vez).'),
  ).toBeVisible();
  await expect(
    stats.getByText(
      /vendedores activos de todas las sucursales, quienes pueden responderla hoy, ninguno respondió todavía\./,
    ),
  ).toBeVisible();
  await expect(stats.getByTestId('responses-outside-rate')).toHaveCount(0);
  await stats.getByRole('button', { name: 'Cerrar' }).click();

  await page.route('**/api/admin/surveys/*/statistics', (route) => route.fulfill({ status: 500, body: '' }));
  await page.getByRole('button', { name: `Estadísticas de ${title}` }).click();
  await expect(page.getByText(SURVEY_MSG.statisticsError)).toBeVisible();
});
