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
const port = Number(process.env.E2E_PORT ?? 3400);
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
      await sellerRow.getByRole('button', { name: new RegExp(`^${button} de `) }).click();
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
    await shot('users');
    await scheduleShots(page, base, shot);
    await page.goto(`${base}/posts`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shot('under-construction');

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
    await page.close();
  }
  await browser.close();
  console.log(`screenshots written to ${outDir}`);
} finally {
  stop();
}
