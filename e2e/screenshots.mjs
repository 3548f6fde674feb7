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
const port = Number(process.env.SHOTS_PORT ?? 3400);
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
    await page.goto(`${base}/posts`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shot('under-construction');
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
    await page.close();
  }
  await browser.close();
  console.log(`screenshots written to ${outDir}`);
} finally {
  stop();
}
