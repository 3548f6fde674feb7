#!/usr/bin/env node
// `node e2e/screenshots.mjs [outDir]`: starts the built product on a fresh demo database and takes
// screenshots of the panel's screens at 1280 px and 390 px wide in Debian's Chromium.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

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
    await page.goto(`${base}/posts`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shot('under-construction');
    await page.close();
  }
  await browser.close();
  console.log(`screenshots written to ${outDir}`);
} finally {
  stop();
}
