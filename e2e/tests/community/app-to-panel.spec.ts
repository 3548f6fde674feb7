import { pngImage, unique } from '../../support/api.ts';
import { createFourTypeSurvey, desktopContext, newSeller, openAppAs } from '../../support/community.ts';
import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

test('end to end: a seller posts with a photo and answers a survey in the app; the admin sees the post, its author and the points in the panel', async ({
  browser,
  request,
}) => {
  const { seller, admin } = await newSeller(request);
  const surveyTitle = `Cierre ${unique()}`;
  await createFourTypeSurvey(request, admin, surveyTitle, 30);
  const text = `Góndola armada ${unique()}`;

  // The seller, on a phone.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
  });
  const app = await phone.newPage();
  await openAppAs(app, seller, 'publicar');
  await app.getByLabel('Texto').fill(text);
  await app.getByTestId('compose-camera').setInputFiles({
    name: 'camara.png',
    mimeType: 'image/png',
    buffer: await pngImage('#0b6c72', 2400, 1800),
  });
  await expect(app.getByRole('img', { name: 'Foto 1' })).toBeVisible();
  await app.getByRole('button', { name: 'Publicar', exact: true }).click();
  await expect(app.getByRole('article').first()).toContainText(text, { timeout: 30_000 });

  await app.getByRole('link', { name: /^Encuestas/ }).click();
  await app.getByRole('link').filter({ hasText: surveyTitle }).click();
  await app
    .getByRole('group', { name: /Cómo calificás/ })
    .getByRole('radio', { name: '5', exact: true })
    .check();
  await app
    .getByRole('group', { name: /stock suficiente/ })
    .getByRole('radio', { name: 'Sí', exact: true })
    .check();
  await app.getByRole('button', { name: 'Enviar respuestas' }).click();
  await expect(app.getByText(/^\+\d+ puntos$/)).toBeVisible();
  await phone.close();

  // The admin, in the panel, on a wide desktop.
  const desk = await desktopContext(browser);
  const panel = await desk.newPage();
  await openAsAdmin(panel, '/posts');
  await panel.getByPlaceholder('Buscar por contenido...').fill(text);
  const row = panel.getByRole('row').filter({ hasText: text });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText(seller.user.name);
  await expect(row.getByRole('img')).toHaveCount(1);

  await panel.goto('/points-transactions');
  await panel.getByPlaceholder('Buscar por acción, clave, descripción o usuario').fill(seller.user.name);
  const mine = panel.getByRole('region', { name: 'Tabla de Historial de puntos' }).locator('tbody tr');
  await expect(mine.filter({ hasText: surveyTitle }).first()).toBeVisible({ timeout: 15_000 });
  await expect(mine.filter({ hasText: surveyTitle }).first()).toContainText('+30');
  await expect(mine.filter({ hasText: /publicaci/i }).first()).toBeVisible();
  await desk.close();
});
