// Screens of issue 6 (notifications, events, their types and the calendar), for screenshots.mjs.

/** Opens a list and waits for its rows (the pager's "a-b de total"). */
async function openList(page, base, path) {
  await page.goto(`${base}${path}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page
    .getByText(/\d+-\d+ de \d+$/)
    .first()
    .waitFor();
}

async function dialogShot(page, shot, name, open) {
  await open();
  await page.getByRole('dialog').waitFor();
  await shot(name);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

export async function scheduleShots(page, base, shot) {
  await openList(page, base, '/notification-types');
  await shot('notification-types');
  await dialogShot(page, shot, 'notification-type-form', () =>
    page.getByRole('button', { name: 'Editar' }).first().click(),
  );
  await dialogShot(page, shot, 'notification-type-delete', () =>
    page.getByRole('button', { name: 'Eliminar' }).first().click(),
  );

  await openList(page, base, '/notifications');
  await shot('notifications');
  await dialogShot(page, shot, 'notification-form', () =>
    page.getByRole('button', { name: 'Editar' }).first().click(),
  );
  await dialogShot(page, shot, 'notification-delete', () =>
    page.getByRole('button', { name: 'Eliminar' }).first().click(),
  );

  await openList(page, base, '/event-types');
  await shot('event-types');
  await dialogShot(page, shot, 'event-type-form', () =>
    page.getByRole('button', { name: 'Editar' }).first().click(),
  );

  await openList(page, base, '/events');
  await shot('events');
  await dialogShot(page, shot, 'event-form', () => page.getByRole('button', { name: 'Agregar' }).click());
  await dialogShot(page, shot, 'event-delete', () =>
    page.getByRole('button', { name: 'Eliminar' }).first().click(),
  );

  await page.goto(`${base}/calendar`);
  await page.locator('.fc-daygrid-day').first().waitFor();
  await page.locator('.fc-event').first().waitFor();
  await shot('calendar');
}
