#!/usr/bin/env node
// `node e2e/screenshots.mjs [outDir]`: starts the built product on a fresh demo database and takes
// screenshots of the panel's screens at 1280 px and 390 px wide in Debian's Chromium.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { scheduleShots } from './screenshots-schedule.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = process.argv[2] ?? join(root, 'docs/screenshots');
const port = Number(process.env.SCREENSHOTS_PORT ?? process.env.E2E_PORT ?? 3400);
const base = `http://127.0.0.1:${port}`;
mkdirSync(outDir, { recursive: true });

const dataDir = mkdtempSync(join(tmpdir(), 'panel-shots-'));
const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
  },
  stdio: 'inherit',
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (i > 600) throw new Error('the server did not become ready');
    await new Promise((r) => setTimeout(r, 100));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  for (const [label, viewport] of [
    ['1280', { width: 1280, height: 800 }],
    ['390', { width: 390, height: 844 }],
  ]) {
    const page = await browser.newPage({
      viewport,
      locale: 'es-AR',
      timezoneId: 'America/Argentina/Buenos_Aires',
    });
    const shot = async (name) => {
      await page.waitForTimeout(400);
      await page.screenshot({ path: join(outDir, `${name}-${label}.png`) });
    };
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
    await page.goto(`${base}/branches`);
    await page
      .getByText(/de \d+$/)
      .first()
      .waitFor();
    await shot('branches');
    await page.getByRole('button', { name: 'Agregar' }).click();
    await page.getByRole('dialog').waitFor();
    await shot('branch-form');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Eliminar' }).first().click();
    await page.getByRole('dialog').waitFor();
    await shot('branch-delete');
    await page.keyboard.press('Escape');
    // Issue 5: Proveedores, Marcas and the per-seller dialogs of Vendedores.
    for (const [path, name] of [
      ['suppliers', 'suppliers'],
      ['brands', 'brands'],
    ]) {
      await page.goto(`${base}/${path}`);
      await page
        .getByText(/de \d+$/)
        .first()
        .waitFor();
      await shot(name);
      await page.getByRole('button', { name: 'Agregar' }).click();
      await page.getByRole('dialog').waitFor();
      await shot(`${name}-form`);
      await page.keyboard.press('Escape');
    }
    await page.goto(`${base}/users?q=vendedor%40demo.local`);
    const sellerRow = page.getByRole('row').filter({ hasText: 'vendedor@demo.local' });
    for (const [button, name] of [
      ['Actividad', 'seller-activity'],
      ['Volumenes', 'seller-volumes'],
      ['Unidades', 'seller-units'],
    ]) {
      if (label === '390') {
        // Narrow screens fold the per-seller actions into a menu.
        await sellerRow.getByRole('button', { name: /^Más acciones de / }).click();
        await page.getByRole('menuitem', { name: button }).click();
      } else {
        await sellerRow.getByRole('button', { name: new RegExp(`^${button} de `) }).click();
      }
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
    await page.goto(`${base}/users`);
    await page
      .getByText(/de \d+$/)
      .first()
      .waitFor();
    await shot('users');
    await page
      .getByRole('button', { name: /^Editar a / })
      .nth(1)
      .click();
    await page.getByRole('dialog').waitFor();
    await shot('user-form');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByRole('dialog', { name: 'Filtros' }).waitFor();
    await shot('users-filters');
    await page.mouse.click(viewport.width - 10, viewport.height - 10);
    await page.getByRole('dialog', { name: 'Filtros' }).waitFor({ state: 'hidden' });
    await page
      .getByRole('button', { name: /^Restablecer la contraseña de / })
      .nth(1)
      .click();
    await page.getByRole('dialog', { name: 'Restablecer contraseña' }).waitFor();
    await page.getByLabel('Escribir la contraseña').check();
    await shot('user-reset-password');
    await page.getByLabel('Generar una contraseña al azar').check();
    await page.getByRole('button', { name: 'Restablecer', exact: true }).click();
    await page.getByTestId('generated-password').waitFor();
    await shot('user-reset-password-done');
    await page.getByRole('button', { name: 'Listo' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page
      .getByRole('checkbox', { name: /^Seleccionar a / })
      .nth(1)
      .check();
    await page
      .getByRole('checkbox', { name: /^Seleccionar a / })
      .nth(2)
      .check();
    await shot('users-selection');
    await page.getByRole('button', { name: 'Quitar selección' }).click();
    await page.getByRole('button', { name: 'Importar' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Importar vendedores' });
    await importDialog.waitFor();
    await shot('users-import');
    const csv = (rows) => ({
      name: 'equipo.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(rows.join('\n')),
    });
    await importDialog
      .locator('input[type="file"]')
      .setInputFiles(
        csv([
          'Nombre;Email;Rol;Sucursal',
          `Sofía Benítez;sofia.benitez.${label}@empresa.com.ar;Vendedor;Casa Central`,
          `Martín Quiroga;martin.quiroga.${label}@empresa.com.ar;Vendedor;Sucursal Inexistente`,
          ';sin.nombre@empresa.com.ar;;',
          `Paula Giménez;vendedor@demo.local;Vendedora;`,
          `Diego Ferreyra;diego.ferreyra.${label}@empresa.com.ar;Supervisor;`,
        ]),
      );
    await importDialog.getByText(/filas tienen problemas/).waitFor();
    await shot('users-import-preview');
    await importDialog
      .locator('input[type="file"]')
      .setInputFiles(
        csv([
          'Nombre;Email;Rol;Sucursal',
          `Sofía Benítez;sofia.benitez.${label}@empresa.com.ar;Vendedor;Casa Central`,
          `Martín Quiroga;martin.quiroga.${label}@empresa.com.ar;Vendedor;`,
        ]),
      );
    await importDialog.getByText(/listas para importar/).waitFor();
    await importDialog.getByRole('button', { name: /^Importar \d/ }).click();
    await importDialog.getByText(/Se crearon/).waitFor({ timeout: 60_000 });
    await shot('users-import-done');
    await page.keyboard.press('Escape');
    await scheduleShots(page, base, shot);

    // Publicaciones and its dialogs.
    await page.goto(`${base}/posts`);
    await page
      .getByText(/de \d+$/)
      .first()
      .waitFor();
    await page.waitForLoadState('networkidle');
    await shot('posts');
    await page
      .getByRole('button', { name: /me gusta$/ })
      .first()
      .click();
    await page.getByRole('dialog').getByRole('listitem').first().waitFor();
    await shot('post-likes');
    await page.keyboard.press('Escape');
    await page
      .getByRole('button', { name: /comentarios$/ })
      .nth(1)
      .click();
    await page.getByRole('dialog').waitFor();
    await page.waitForLoadState('networkidle');
    await shot('post-comments');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Agregar' }).click();
    const postDialog = page.getByRole('dialog', { name: 'Nueva publicación' });
    await postDialog.waitFor();
    await shot('post-create-empty');
    await postDialog
      .getByLabel('Contenido')
      .fill('¡Nueva exhibición de lavandina en el autoservicio de barrio Güemes.');
    const chooser = page.waitForEvent('filechooser');
    await postDialog.getByRole('button', { name: 'Agregar imágenes' }).click();
    const sample = (
      await page.request.get(`${base}${await page.locator('tbody img').first().getAttribute('src')}`)
    ).body();
    await (await chooser).setFiles([
      { name: 'gondola.webp', mimeType: 'image/webp', buffer: await sample },
      { name: 'cartel.webp', mimeType: 'image/webp', buffer: await sample },
    ]);
    await shot('post-create');
    await postDialog.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('dialog', { name: 'Descartar publicación' }).waitFor();
    await shot('post-discard');
    await page.getByRole('button', { name: 'Descartar' }).click();
    await page.getByRole('button', { name: 'Eliminar' }).first().click();
    await page.getByRole('dialog', { name: 'Eliminar publicación' }).waitFor();
    await shot('post-delete');
    await page.keyboard.press('Escape');

    // Historias and its dialogs.
    await page.goto(`${base}/stories`);
    await page
      .getByText(/de \d+$/)
      .first()
      .waitFor();
    await page.waitForLoadState('networkidle');
    await shot('stories');
    await page.getByRole('button', { name: 'Ver usuarios' }).nth(1).click();
    await page.getByRole('dialog').getByRole('listitem').first().waitFor();
    await shot('story-viewers');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Ver usuarios' }).first().click();
    await page.getByText('Nadie ha visto esta historia aún').waitFor();
    await shot('story-viewers-empty');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Agregar' }).click();
    const storyDialog = page.getByRole('dialog', { name: 'Nueva historia' });
    await storyDialog.waitFor();
    await storyDialog.getByRole('button', { name: 'Guardar' }).click();
    await shot('story-create-errors');
    await storyDialog.getByLabel('Título').fill('Lanzamiento del nuevo Multiuso');
    const storyChooser = page.waitForEvent('filechooser');
    await storyDialog.getByRole('button', { name: 'Elegir imagen' }).click();
    const portrait = (
      await page.request.get(`${base}${await page.locator('tbody img').first().getAttribute('src')}`)
    ).body();
    await (await storyChooser).setFiles({
      name: 'historia.webp',
      mimeType: 'image/webp',
      buffer: await portrait,
    });
    await shot('story-create');
    await storyDialog.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('button', { name: 'Eliminar' }).first().click();
    await page.getByRole('dialog', { name: 'Eliminar historia' }).waitFor();
    await shot('story-delete');
    await page.keyboard.press('Escape');
    // Configuración (/point-actions): a custom action too, so a row shows its delete button.
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
    await page.goto(`${base}/point-actions?per_page=10`);
    await page
      .getByText(/de \d+$/)
      .first()
      .waitFor();
    await shot('point-actions');
    await page.getByRole('button', { name: 'Agregar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('La clave es obligatoria').waitFor();
    await shot('point-action-form');
    await page.keyboard.press('Escape');
    await page
      .getByRole('row')
      .filter({ hasText: 'like_post' })
      .getByRole('button', { name: 'Editar' })
      .click();
    await page.getByRole('dialog').waitFor();
    await shot('point-action-edit');
    await page.keyboard.press('Escape');
    await page
      .getByRole('row')
      .filter({ hasText: `asistir_capacitacion_${label}` })
      .getByRole('button', { name: 'Eliminar' })
      .click();
    await page.getByRole('dialog').waitFor();
    await shot('point-action-delete');
    await page.keyboard.press('Escape');
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
    await page.getByRole('button', { name: 'Agregar' }).click();
    await page
      .getByRole('dialog', { name: 'Nueva Encuesta' })
      .getByRole('button', { name: 'Guardar' })
      .click();
    await page.getByText('El título es obligatorio').waitFor();
    await shot('survey-form-errors');
    await page.keyboard.press('Escape');
    await page
      .getByRole('button', { name: /^Estadísticas de Satisfacción/ })
      .first()
      .click();
    await page.locator('.recharts-surface').first().waitFor();
    await shot('survey-statistics');
    await page.getByTestId('question-statistics').last().scrollIntoViewIfNeeded();
    await shot('survey-statistics-text');
    await page.keyboard.press('Escape');
    await page
      .getByRole('button', { name: /^Eliminar Satisfacción/ })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Confirmar eliminación' }).waitFor();
    await shot('survey-delete');
    await page.keyboard.press('Escape');
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
    await page.screenshot({ path: join(outDir, `points-dashboard-full-${label}.png`), fullPage: true });
    await page.goto(`${base}/dashboard`);
    await page.locator('.recharts-surface').first().waitFor();
    await page.screenshot({ path: join(outDir, `dashboard-full-${label}.png`), fullPage: true });
    await page.close();
  }
  await browser.close();
  console.log(`screenshots written to ${outDir}`);
} finally {
  stop();
}
