import { SURVEY_MSG } from '@panel/shared';
import type { Page } from '@playwright/test';
import { apiGet, apiLogin, createSurvey, unique } from '../../support/api.ts';
import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

// Reminders (docs/decisions/2026-12-04-reminders.md): "Recordar a quienes no respondieron" in the survey
// form, and an event type's "Recordatorios" and "Urgente", saved and shown again on edit.
test.use({ viewport: { width: 1280, height: 900 } });

test('a survey\'s "Recordar a quienes no respondieron": off, chosen, saved, and shown again on edit', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const title = `Recordable ${unique()}`;
  const survey = await createSurvey(request, token, {
    title,
    end_date: '2036-12-07T15:00:00.000Z',
    questions: [{ question_text: '¿Todo bien?', type: 'boolean', required: true }],
  });
  const openEdit = async () => {
    await page.getByRole('searchbox', { name: 'Buscar encuestas' }).fill(title);
    await page
      .getByTestId('survey-card')
      .filter({ hasText: title })
      .getByRole('button', { name: `Editar ${title}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Editar Encuesta' });
    await expect(dialog.getByTestId('survey-question')).toHaveCount(1);
    return dialog;
  };

  await openAsAdmin(page, '/surveys');
  await expect(page.getByRole('heading', { name: 'Encuestas', level: 1 })).toBeVisible();
  let dialog = await openEdit();
  const remind = dialog.getByRole('checkbox', { name: 'Recordar a quienes no respondieron' });
  await expect(remind).not.toBeChecked();
  await expect(dialog.getByRole('combobox', { name: 'Cuándo recordar' })).toHaveCount(0);
  await remind.check();
  await expect(dialog.getByRole('combobox', { name: 'Cuándo recordar' })).toHaveValue(
    '1 día antes del cierre',
  );
  await dialog.getByRole('combobox', { name: 'Cuándo recordar' }).click();
  await page.getByRole('option', { name: '3 horas antes del cierre', exact: true }).click();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(SURVEY_MSG.updated)).toBeVisible();
  await expect(dialog).toBeHidden();

  const saved = await apiGet<{ data: { reminder_minutes: number | null } }>(
    request,
    token,
    `/api/admin/surveys/${survey.id}`,
  );
  expect(saved.data.reminder_minutes).toBe(180);

  dialog = await openEdit();
  await expect(dialog.getByRole('checkbox', { name: 'Recordar a quienes no respondieron' })).toBeChecked();
  await expect(dialog.getByRole('combobox', { name: 'Cuándo recordar' })).toHaveValue(
    '3 horas antes del cierre',
  );
});

async function openEventTypes(page: Page) {
  await openAsAdmin(page, '/event-types');
  await expect(page.getByRole('heading', { name: 'Tipos de Eventos', level: 1 })).toBeVisible();
}

test('an event type\'s "Recordatorios" and "Urgente": chosen, saved, and shown again on edit', async ({
  page,
  request,
}) => {
  const name = `Capacitación ${unique()}`;
  await openEventTypes(page);
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo tipo de evento' });
  await dialog.getByLabel('Nombre').fill(name);
  for (const label of ['1 semana antes', '1 día antes', '3 horas antes', '1 hora antes', '15 minutos antes'])
    await expect(dialog.getByRole('checkbox', { name: label, exact: true })).not.toBeChecked();
  await dialog.getByRole('checkbox', { name: '1 día antes', exact: true }).check();
  await dialog.getByRole('checkbox', { name: '1 hora antes', exact: true }).check();
  await dialog.getByRole('checkbox', { name: /^Urgente/ }).check();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Tipo de evento creado correctamente')).toBeVisible();
  await expect(dialog).toBeHidden();

  const token = await apiLogin(request);
  const found = await apiGet<{ data: { id: number; reminder_minutes: number[]; urgent: boolean }[] }>(
    request,
    token,
    `/api/event-types?q=${encodeURIComponent(name)}`,
  );
  expect(found.data).toHaveLength(1);
  expect(found.data[0]).toMatchObject({ reminder_minutes: [1440, 60], urgent: true });

  await page.getByPlaceholder('Buscar...').fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar tipo de evento' });
  await expect(edit.getByRole('checkbox', { name: '1 día antes', exact: true })).toBeChecked();
  await expect(edit.getByRole('checkbox', { name: '1 hora antes', exact: true })).toBeChecked();
  await expect(edit.getByRole('checkbox', { name: '1 semana antes', exact: true })).not.toBeChecked();
  await expect(edit.getByRole('checkbox', { name: /^Urgente/ })).toBeChecked();
  // One taken away is saved as such.
  await edit.getByRole('checkbox', { name: '1 día antes', exact: true }).uncheck();
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Tipo de evento actualizado correctamente')).toBeVisible();
  const after = await apiGet<{ data: { reminder_minutes: number[] } }>(
    request,
    token,
    `/api/event-types/${found.data[0]!.id}`,
  );
  expect(after.data.reminder_minutes).toEqual([60]);
});
