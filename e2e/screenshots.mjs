#!/usr/bin/env node
// `node e2e/screenshots.mjs [--readme] [outDir]`: builds what is not built yet, starts the product on a
// fresh demo database and takes screenshots of the panel's screens at 1280, 1024, 768 and 390 px wide
// in Debian's Chromium.
//
// Every image goes to outDir, by default .artifacts/screenshots/ (ignored by git): for looking at, not
// for keeping. Only the images README.md shows live in git (docs/screenshots/); `--readme` (or
// SCREENSHOTS_README=1) copies those from this run into docs/screenshots/.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, runScreenshots } from './screenshot-runner.mjs';

const args = process.argv.slice(2);
const refreshReadme = args.includes('--readme') || process.env.SCREENSHOTS_README === '1';
const outArg = args.find((a) => !a.startsWith('--'));
const readmeDir = join(root, 'docs/screenshots');

/** The images README.md shows (`docs/screenshots/<name>.png`): the only ones kept in git. */
const readmeImages = [
  ...new Set(
    [...readFileSync(join(root, 'README.md'), 'utf8').matchAll(/docs\/screenshots\/([\w.-]+\.png)/g)].map(
      (m) => m[1],
    ),
  ),
];

/** A list's row (or card, below 768 px): `[data-id]`, the nth one or the one with `text`. */
const rowOf = (page, which = 0) =>
  typeof which === 'number'
    ? page.locator('[data-id]').nth(which)
    : page.locator('[data-id]').filter({ hasText: which });

/**
 * Clicks a row's action: its button when the row shows it (`button`: its accessible name), else the
 * menu item `label` of the row's "Más acciones" menu (narrow tables and cards).
 */
async function rowAction(page, row, button, label = button) {
  await row.waitFor();
  const direct = row.getByRole('button', { name: button, exact: typeof button === 'string' });
  if (await direct.count()) return direct.first().click();
  await row.getByRole('button', { name: /^Más acciones/ }).click();
  await page.getByRole('menuitem', { name: label, exact: true }).click();
}

/** The list screens and the dialogs shot from each, in the order they are visited. */
const edit = (page) => rowAction(page, rowOf(page), 'Editar');
const remove = (page) => rowAction(page, rowOf(page), 'Eliminar');
const add = (page) => page.getByRole('button', { name: 'Agregar' }).click();
const catalogLists = [
  ['/branches', 'branches', { 'branch-form': add, 'branch-delete': remove }],
  ['/suppliers', 'suppliers', { 'suppliers-form': add }],
  ['/brands', 'brands', { 'brands-form': add }],
];
const scheduleLists = [
  [
    '/notification-types',
    'notification-types',
    { 'notification-type-form': edit, 'notification-type-delete': remove },
  ],
  ['/notifications', 'notifications', { 'notification-form': edit, 'notification-delete': remove }],
  ['/event-types', 'event-types', { 'event-type-form': edit }],
  ['/events', 'events', { 'event-form': add, 'event-delete': remove }],
];

/** Every screenshot at one width; `label` ends each file name (`branches-1280.png`). */
async function takeShots(browser, base, outDir, label, viewport) {
  const page = await browser.newPage({
    viewport,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
  });
  const shot = async (name, options = {}) => {
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(outDir, `${name}-${label}.png`), ...options });
  };
  /** Opens a list and waits for its rows (the pager's "a-b de total"). */
  const openList = async (path) => {
    await page.goto(`${base}${path}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page
      .getByText(/\d+-\d+ de \d+$/)
      .first()
      .waitFor();
  };
  /**
   * Opens a dialog, waits for it (by its name when given, while another one may still be closing)
   * and for `ready`, shoots it and closes it again.
   */
  const dialogShot = async (name, open, { dialog: dialogName, ready } = {}) => {
    const dialog = page.getByRole('dialog', dialogName ? { name: dialogName } : {});
    await open(page);
    await dialog.waitFor();
    if (ready) await ready();
    await shot(name);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  };
  const listShots = async (lists) => {
    for (const [path, name, dialogs] of lists) {
      await openList(path);
      await shot(name);
      for (const [dialog, open] of Object.entries(dialogs)) await dialogShot(dialog, open);
    }
  };
  /** A demo post's picture, as a file to upload again (the list may not show pictures at this width). */
  const firstRowImage = async () => {
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('auth-storage') ?? '{}').state?.token,
    );
    const posts = await page.request.get(`${base}/api/posts?per_page=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const src = (await posts.json()).data[0].images[0].thumb_url;
    return (await page.request.get(`${base}${src}`)).body();
  };

  // Sign-in and Inicio.
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').waitFor();
  await shot('login');
  await page.getByLabel('Email').fill('admin@demo.local');
  await page.getByLabel('Contraseña').fill('panel-demo-2026');
  await page.getByLabel('Contraseña').press('Enter');
  await page.waitForURL('**/dashboard');
  await page.getByText('Tablero de control').first().waitFor();
  await page.waitForLoadState('networkidle');
  await shot('dashboard');

  // Sucursales, Proveedores, Marcas.
  await listShots(catalogLists);

  // The per-seller dialogs of Vendedores.
  await page.goto(`${base}/users?q=vendedor%40demo.local`);
  // The search leaves the demo seller alone (narrow windows hide the email column).
  const sellerRow = rowOf(page, 0);
  for (const [button, name] of [
    ['Actividad', 'seller-activity'],
    ['Volúmenes', 'seller-volumes'],
    ['Unidades', 'seller-units'],
  ]) {
    // Where the row has no room for the labelled buttons they fold into "Más acciones de …".
    await rowAction(page, sellerRow, new RegExp(`^${button} de `), button);
    await page.getByRole('dialog').waitFor();
    await page.waitForLoadState('networkidle');
    await shot(name);
    if (button === 'Unidades') {
      const dialog = page.getByRole('dialog');
      // The demo seller's first pair: Brillex Multiuso by Laboratorios Brillomax.
      await dialog.getByRole('combobox', { name: 'Proveedor' }).fill('SUP004');
      await page.getByRole('option', { name: /^SUP004 · / }).click();
      await dialog.getByRole('combobox', { name: 'Marca' }).fill('BR001');
      await page.getByRole('option', { name: /^BR001 · / }).click();
      await page.waitForLoadState('networkidle');
      await shot('seller-units-loaded');
    }
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
  }

  // Vendedores: the list, its dialogs, the selection bar and the import steps.
  await openList('/users');
  await shot('users');
  await dialogShot('user-form', () => rowAction(page, rowOf(page, 1), /^Editar a /, 'Editar'));
  await page.getByRole('button', { name: 'Filtros' }).click();
  await page.getByRole('dialog', { name: 'Filtros' }).waitFor();
  await shot('users-filters');
  await page.mouse.click(viewport.width - 10, viewport.height - 10);
  await page.getByRole('dialog', { name: 'Filtros' }).waitFor({ state: 'hidden' });
  await rowAction(page, rowOf(page, 1), /^Restablecer la contraseña de /, 'Restablecer contraseña');
  await page.getByRole('dialog', { name: 'Restablecer contraseña' }).waitFor();
  await page.getByLabel('Escribir la contraseña').check();
  await shot('user-reset-password');
  await page.getByLabel('Generar una contraseña al azar').check();
  await page.getByRole('button', { name: 'Restablecer', exact: true }).click();
  await page.getByTestId('generated-password').waitFor();
  await shot('user-reset-password-done');
  await page.getByRole('button', { name: 'Listo' }).click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  const selectBox = (n) => page.getByRole('checkbox', { name: /^Seleccionar a / }).nth(n);
  await selectBox(1).check();
  await selectBox(2).check();
  await shot('users-selection');
  await page.getByRole('button', { name: 'Quitar selección' }).click();
  await page.getByRole('button', { name: 'Importar' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Importar vendedores' });
  await importDialog.waitFor();
  await shot('users-import');
  const importCsv = (rows) =>
    importDialog.locator('input[type="file"]').setInputFiles({
      name: 'equipo.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['Nombre;Email;Rol;Sucursal', ...rows].join('\n')),
    });
  await importCsv([
    `Sofía Benítez;sofia.benitez.${label}@empresa.com.ar;Vendedor;Casa Central`,
    `Martín Quiroga;martin.quiroga.${label}@empresa.com.ar;Vendedor;Sucursal Inexistente`,
    ';sin.nombre@empresa.com.ar;;',
    `Paula Giménez;vendedor@demo.local;Vendedora;`,
    `Diego Ferreyra;diego.ferreyra.${label}@empresa.com.ar;Supervisor;`,
  ]);
  await importDialog.getByText(/filas tienen problemas/).waitFor();
  await shot('users-import-preview');
  await importCsv([
    `Sofía Benítez;sofia.benitez.${label}@empresa.com.ar;Vendedor;Casa Central`,
    `Martín Quiroga;martin.quiroga.${label}@empresa.com.ar;Vendedor;`,
  ]);
  await importDialog.getByText(/listas para importar/).waitFor();
  await importDialog.getByRole('button', { name: /^Importar \d/ }).click();
  await importDialog.getByText(/Se crearon/).waitFor({ timeout: 60_000 });
  await shot('users-import-done');
  await page.keyboard.press('Escape');

  // Notificaciones, Eventos, their types and the calendar.
  await listShots(scheduleLists);
  await page.goto(`${base}/calendar`);
  // The month's grid, or below 768 px its list.
  await page.locator('.fc-daygrid-day, .fc-list').first().waitFor();
  await page.locator('.fc-event, .fc-list-event').first().waitFor();
  await shot('calendar');

  // Publicaciones and its dialogs.
  await openList('/posts');
  await page.waitForLoadState('networkidle');
  await shot('posts');
  await dialogShot(
    'post-likes',
    () =>
      page
        .getByRole('button', { name: /me gusta$/ })
        .first()
        .click(),
    { ready: () => page.getByRole('dialog').getByRole('listitem').first().waitFor() },
  );
  await dialogShot(
    'post-comments',
    () =>
      page
        .getByRole('button', { name: /comentarios$/ })
        .nth(1)
        .click(),
    { ready: () => page.waitForLoadState('networkidle') },
  );
  // "Vista por N de M": who saw the post, then who has not.
  const viewers = page.getByRole('dialog', { name: /^Vista por/ });
  await dialogShot(
    'post-viewers',
    () =>
      page
        .getByRole('button', { name: /^Vista por \d+ de \d+/ })
        .first()
        .click(),
    { ready: () => viewers.getByRole('listitem').first().waitFor() },
  );
  await dialogShot(
    'post-viewers-unseen',
    async () => {
      await page
        .getByRole('button', { name: /^Vista por \d+ de \d+/ })
        .first()
        .click();
      await viewers.getByText('No vieron', { exact: true }).click();
    },
    { ready: () => page.waitForLoadState('networkidle') },
  );
  await add(page);
  const postDialog = page.getByRole('dialog', { name: 'Nueva publicación' });
  await postDialog.waitFor();
  await shot('post-create-empty');
  await postDialog
    .getByLabel('Contenido')
    .fill('¡Nueva exhibición de lavandina en el autoservicio de barrio Güemes.');
  const chooser = page.waitForEvent('filechooser');
  await postDialog.getByRole('button', { name: 'Agregar imágenes' }).click();
  const sample = await firstRowImage();
  await (await chooser).setFiles([
    { name: 'gondola.webp', mimeType: 'image/webp', buffer: sample },
    { name: 'cartel.webp', mimeType: 'image/webp', buffer: sample },
  ]);
  await shot('post-create');
  await postDialog.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('dialog', { name: 'Descartar publicación' }).waitFor();
  await shot('post-discard');
  await page.getByRole('button', { name: 'Descartar' }).click();
  await dialogShot('post-delete', remove, { dialog: 'Eliminar publicación' });

  // Historias and its dialogs.
  await openList('/stories');
  await page.waitForLoadState('networkidle');
  await shot('stories');
  await dialogShot('story-viewers', () => rowAction(page, rowOf(page, 1), 'Ver usuarios'), {
    ready: () => page.getByRole('dialog').getByRole('listitem').first().waitFor(),
  });
  await dialogShot('story-viewers-empty', () => rowAction(page, rowOf(page), 'Ver usuarios'), {
    ready: () => page.getByText('Nadie ha visto esta historia aún').waitFor(),
  });
  await add(page);
  const storyDialog = page.getByRole('dialog', { name: 'Nueva historia' });
  await storyDialog.waitFor();
  await storyDialog.getByRole('button', { name: 'Guardar' }).click();
  await shot('story-create-errors');
  await storyDialog.getByLabel('Título').fill('Lanzamiento del nuevo Multiuso');
  const storyChooser = page.waitForEvent('filechooser');
  await storyDialog.getByRole('button', { name: 'Elegir imagen' }).click();
  const portrait = await firstRowImage();
  await (await storyChooser).setFiles({ name: 'historia.webp', mimeType: 'image/webp', buffer: portrait });
  await shot('story-create');
  await storyDialog.getByRole('button', { name: 'Cancelar' }).click();
  await dialogShot('story-delete', remove, { dialog: 'Eliminar historia' });

  // Configuración (/point-actions): a custom action too, so a row shows its delete button. Rows are
  // found by name: narrower windows hide the key.
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('auth-storage') ?? '{}').state?.token,
  );
  await fetch(`${base}/api/admin/point-actions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      key: `asistir_capacitacion_${label}`,
      name: 'Asistir a capacitación',
      points: 30,
      cooldown_seconds: 3600,
    }),
  });
  const actionRow = (text) => rowOf(page, text);
  await openList('/point-actions?per_page=10');
  await shot('point-actions');
  await dialogShot('point-action-form', add, {
    ready: async () => {
      await page.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
      await page.getByText('La clave es obligatoria').waitFor();
    },
  });
  await dialogShot('point-action-edit', () => rowAction(page, actionRow('Dar me gusta'), 'Editar'));
  await dialogShot('point-action-delete', () =>
    rowAction(page, actionRow('Asistir a capacitación').first(), 'Eliminar'),
  );

  // Encuestas (/surveys): the grid, the form with every question type, the statistics.
  await page.goto(`${base}/surveys`);
  await page.getByTestId('survey-card').first().waitFor();
  await page.waitForLoadState('networkidle');
  await shot('surveys');
  await page
    .getByRole('button', { name: /^Editar Satisfacción/ })
    .first()
    .click();
  await page
    .getByRole('dialog', { name: 'Editar Encuesta' })
    .getByTestId('survey-question')
    .first()
    .waitFor();
  await shot('survey-form');
  await page.getByRole('dialog').getByText('Opciones').scrollIntoViewIfNeeded();
  await shot('survey-form-questions');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  await dialogShot('survey-form-errors', add, {
    dialog: 'Nueva Encuesta',
    ready: async () => {
      await page
        .getByRole('dialog', { name: 'Nueva Encuesta' })
        .getByRole('button', { name: 'Guardar' })
        .click();
      await page.getByText('El título es obligatorio').waitFor();
    },
  });
  await page
    .getByRole('button', { name: /^Estadísticas de Satisfacción/ })
    .first()
    .click();
  await page.locator('.recharts-surface').first().waitFor();
  await shot('survey-statistics');
  await page.getByTestId('question-statistics').last().scrollIntoViewIfNeeded();
  await shot('survey-statistics-text');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  await dialogShot(
    'survey-delete',
    () =>
      page
        .getByRole('button', { name: /^Eliminar Satisfacción/ })
        .first()
        .click(),
    { dialog: 'Confirmar eliminación' },
  );

  // Gamification reports and the dashboards in full.
  await page.goto(`${base}/points-leaderboard?period=all_time`);
  await page.getByTestId('podium-card').first().waitFor();
  await shot('points-leaderboard');
  await page.goto(`${base}/points-transactions`);
  await page.getByText(/^Página 1 de \d+$/).waitFor();
  await shot('points-transactions');
  await page.getByRole('button', { name: /^Filtros/ }).click();
  await page.getByText('Limpiar filtros').waitFor();
  await shot('points-transactions-filters');
  await page.keyboard.press('Escape');
  await page.goto(`${base}/points-dashboard`);
  await page.locator('.recharts-surface').nth(1).waitFor();
  await shot('points-dashboard');
  await shot('points-dashboard-full', { fullPage: true });
  // Participación (under Avances).
  await page.goto(`${base}/engagement`);
  await page.locator('.recharts-surface').first().waitFor();
  await page.getByTestId('inactive-seller').first().waitFor();
  await shot('engagement');
  await shot('engagement-full', { fullPage: true });
  await page.goto(`${base}/dashboard`);
  await page.locator('.recharts-surface').first().waitFor();
  await shot('dashboard-full', { fullPage: true });

  // Auditoría (/audit): a branch edited through the API (the demo seed writes no entries), the list,
  // its filters and the entry's fields before and after.
  const auditToken = await page.evaluate(
    () => JSON.parse(localStorage.getItem('auth-storage') ?? '{}').state?.token,
  );
  const headers = { Authorization: `Bearer ${auditToken}` };
  const branchList = await (await page.request.get(`${base}/api/branches?per_page=1`, { headers })).json();
  const audited = branchList.data[0];
  await page.request.put(`${base}/api/branches/${audited.id}`, {
    headers,
    data: {
      name: audited.name,
      city: `${audited.city ?? 'Rosario'} Centro`,
      address: 'Avenida Pellegrini 1450, piso 2',
    },
  });
  await openList('/audit');
  await shot('audit');
  await page.getByRole('button', { name: /^Filtros/ }).click();
  await page.getByText('Limpiar filtros').waitFor();
  await shot('audit-filters');
  // Closed again by its own button (Escape may stay in the date field that has the focus).
  await page.getByRole('button', { name: /^Filtros/ }).click();
  await page.getByRole('dialog', { name: 'Filtros' }).waitFor({ state: 'hidden' });
  await dialogShot('audit-entry', () =>
    page
      .locator('[data-id]')
      .first()
      .getByRole('button', { name: /^Ver cambios de / })
      .click(),
  );
  // A survey created with its questions: one entry, the questions' values inside it.
  await page.request.post(`${base}/api/admin/surveys`, {
    headers,
    data: {
      title: 'Capacitación de diciembre',
      active: true,
      branch_id: null,
      points_reward: 5,
      questions: [
        { question_text: '¿Te sirvió la capacitación?', type: 'boolean', required: true },
        { question_text: '¿Qué tema agregarías?', type: 'text', required: false },
      ],
    },
  });
  await openList('/audit');
  await dialogShot('audit-entry-with-rows', () =>
    page
      .locator('[data-id]')
      .first()
      .getByRole('button', { name: /^Ver cambios de / })
      .click(),
  );
  await page.close();
}

await runScreenshots(
  { defaultOutDir: '.artifacts/screenshots', defaultPort: 3400, outArg },
  async ({ browser, base, outDir }) => {
    await takeShots(browser, base, outDir, '1280', { width: 1280, height: 800 });
    await takeShots(browser, base, outDir, '1024', { width: 1024, height: 768 });
    await takeShots(browser, base, outDir, '768', { width: 768, height: 1024 });
    await takeShots(browser, base, outDir, '390', { width: 390, height: 844 });
    if (refreshReadme) {
      mkdirSync(readmeDir, { recursive: true });
      for (const name of readmeImages) copyFileSync(join(outDir, name), join(readmeDir, name));
      console.log(`README images refreshed in ${readmeDir}: ${readmeImages.join(', ')}`);
    }
  },
);
