import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { openAsAdmin } from '../../support/ui.ts';

/**
 * axe-core on every screen and in every dialog, at a laptop's 1280 px and a phone's 390 px (issue 21,
 * item 13): no serious or critical violation of WCAG 2.0/2.1 A and AA. The top bar's controls are also
 * checked for WCAG 2.5.3 (a name that contains the visible text: axe's label-content-name-mismatch,
 * which axe keeps among its experimental rules, off by default).
 */
// Each screen is its own test; two run at a time.
test.describe.configure({ timeout: 240_000, mode: 'parallel' });

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function violations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** WCAG 2.5.3 in the top bar: "Ir al tablero" and "Menú de perfil" did not contain their text. */
async function nameMismatches(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include('header')
    .withRules(['label-content-name-mismatch'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The open dialog, once its opening fade is over (axe reads colours at full opacity). */
async function settledDialog(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog').last();
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(
      () =>
        dialog.evaluate((el) => {
          for (let node: Element | null = el; node; node = node.parentElement) {
            const style = getComputedStyle(node);
            if (Number(style.opacity) < 1) return false;
          }
          return true;
        }),
      { timeout: 10_000 },
    )
    .toBe(true);
  return dialog;
}

async function checkDialog(page: Page, what: string, found: string[]) {
  const dialog = await settledDialog(page);
  const name = (await dialog.getAttribute('aria-labelledby')) ?? what;
  for (const v of await violations(page, '[role="dialog"]')) found.push(`${what} [${name}]: ${v}`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden({ timeout: 10_000 });
}

/** The first row of the list (a table row, or a card below 768 px). */
const firstRow = (page: Page) => page.locator('tbody tr, ul[aria-label^="Lista de"] > li').first();

/** Runs a row's action: its own button when shown, else through "Más acciones de …". */
async function rowAction(page: Page, label: RegExp): Promise<boolean> {
  const row = firstRow(page);
  await expect(row).toBeVisible({ timeout: 15_000 });
  const button = row.getByRole('button', { name: label });
  if ((await button.count()) > 0 && (await button.first().isVisible())) {
    await button.first().click();
    return true;
  }
  const more = row.getByRole('button', { name: /^Más acciones de / });
  if ((await more.count()) === 0) return false;
  await more.click();
  const item = page.getByRole('menuitem', { name: label });
  if ((await item.count()) === 0) {
    await page.keyboard.press('Escape');
    return false;
  }
  await item.first().click();
  return true;
}

interface Screen {
  path: string;
  /** Something shown once the screen has its data. */
  ready: (page: Page) => Locator;
  /** Openers of the screen's dialogs, beyond Agregar / Editar / Eliminar. */
  extra?: (page: Page, found: string[], phone: boolean) => Promise<void>;
  add?: boolean;
  edit?: boolean;
  remove?: boolean;
}

const listReady = (page: Page) => page.getByText(/^\d+-\d+ de \d+$/).first();

async function openBulkConfirm(page: Page, found: string[]) {
  await firstRow(page).getByRole('checkbox').first().check();
  const bar = page.getByRole('region', { name: 'Filas seleccionadas' });
  await expect(bar).toBeVisible();
  for (const v of await violations(page)) found.push(`selección: ${v}`);
  await bar.getByRole('button', { name: 'Eliminar seleccionadas' }).click();
  await checkDialog(page, 'Eliminar seleccionadas', found);
  await bar.getByRole('button', { name: 'Quitar selección' }).click();
}

const SCREENS: Screen[] = [
  {
    path: '/dashboard',
    ready: (page) => page.getByText('Actividad de la comunidad'),
    extra: async (page, found, phone) => {
      await page.getByRole('button', { name: 'Buscar pantalla' }).click();
      await checkDialog(page, 'Buscar pantalla', found);
      await page.getByRole('button', { name: /: Menú de perfil$/ }).click();
      await checkDialog(page, 'menú de perfil', found);
      if (phone) {
        await page.getByRole('button', { name: 'Abrir menú' }).click();
        await checkDialog(page, 'menú del teléfono', found);
      }
    },
  },
  {
    path: '/users',
    ready: listReady,
    add: true,
    edit: true,
    extra: async (page, found) => {
      for (const label of [
        /^Restablecer la contraseña de /,
        /^Actividad de /,
        /^Volúmenes de /,
        /^Unidades de /,
      ]) {
        if (await rowAction(page, label)) await checkDialog(page, String(label), found);
      }
      await page.getByRole('button', { name: 'Importar' }).click();
      await checkDialog(page, 'Importar vendedores', found);
      await firstRow(page).getByRole('checkbox').first().check();
      await page.getByRole('button', { name: 'Desactivar', exact: true }).click();
      await checkDialog(page, 'Desactivar', found);
      await page.getByRole('button', { name: 'Quitar selección' }).click();
    },
  },
  { path: '/branches', ready: listReady, add: true, edit: true, remove: true },
  { path: '/suppliers', ready: listReady, add: true, edit: true, remove: true },
  { path: '/brands', ready: listReady, add: true, edit: true, remove: true },
  {
    path: '/posts',
    ready: listReady,
    add: true,
    remove: true,
    extra: async (page, found) => {
      for (const label of [/^Ver los \d+ me gusta/, /^Ver los \d+ comentarios/]) {
        if (await rowAction(page, label)) await checkDialog(page, String(label), found);
      }
      await openBulkConfirm(page, found);
    },
  },
  {
    path: '/stories',
    ready: listReady,
    add: true,
    remove: true,
    extra: async (page, found) => {
      if (await rowAction(page, /Ver usuarios/)) await checkDialog(page, 'Ver usuarios', found);
      await openBulkConfirm(page, found);
    },
  },
  { path: '/notification-types', ready: listReady, add: true, edit: true, remove: true },
  {
    path: '/notifications',
    ready: listReady,
    add: true,
    edit: true,
    remove: true,
    extra: async (page, found) => {
      // Who read it (item 11): the "Leída por N de M" button of the row or card.
      await firstRow(page)
        .getByRole('button', { name: /^Leída por \d+ de \d+/ })
        .click();
      await checkDialog(page, 'Leída por', found);
      await openBulkConfirm(page, found);
    },
  },
  { path: '/event-types', ready: listReady, add: true, edit: true, remove: true },
  {
    path: '/events',
    ready: listReady,
    add: true,
    edit: true,
    remove: true,
    extra: async (page, found) => {
      // The date and time picker (item 2), over the event form.
      await page.getByRole('button', { name: 'Agregar', exact: true }).click();
      const form = await settledDialog(page);
      await form.getByRole('button', { name: 'Elegir fecha y hora' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Elegir fecha y hora' })).toBeVisible();
      for (const v of await violations(page, '[role="dialog"]')) found.push(`Elegir fecha y hora: ${v}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Elegir fecha y hora' })).toBeHidden();
      await page.keyboard.press('Escape');
      await expect(form).toBeHidden({ timeout: 10_000 });
      await openBulkConfirm(page, found);
    },
  },
  {
    path: '/calendar',
    ready: (page) => page.locator('.fc-event, .fc-list-event').first(),
    extra: async (page, found) => {
      const event = page.locator('.fc-event, .fc-list-event').first();
      await event.scrollIntoViewIfNeeded();
      await event.click();
      await checkDialog(page, 'detalle del evento', found);
    },
  },
  { path: '/point-actions', ready: listReady, add: true, edit: true },
  {
    path: '/surveys',
    ready: (page) => page.getByTestId('survey-card').first(),
    add: true,
    extra: async (page, found) => {
      const card = page.getByTestId('survey-card').first();
      for (const label of [/^Estadísticas de /, /^Editar /, /^Eliminar /]) {
        await card.getByRole('button', { name: label }).click();
        await checkDialog(page, String(label), found);
      }
    },
  },
  {
    path: '/points-dashboard',
    ready: (page) => page.getByLabel('Top 5 vendedores', { exact: true }).first(),
  },
  {
    path: '/points-leaderboard?period=all_time',
    ready: (page) => page.getByLabel('Podio', { exact: true }).first(),
  },
  {
    path: '/points-transactions',
    ready: (page) =>
      page
        .locator('[aria-label="Tabla de Historial de puntos"], [aria-label="Lista de Historial de puntos"]')
        .first(),
  },
  { path: '/no-existe', ready: (page) => page.getByRole('link', { name: 'Ir al tablero', exact: true }) },
];

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 } });

    test('the sign-in screen', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
      const found = (await violations(page)).map((v) => `pantalla: ${v}`);
      await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
      await checkDialog(page, '¿Olvidaste tu contraseña?', found);
      expect(found).toEqual([]);
    });

    for (const screen of SCREENS) {
      test(screen.path, async ({ page }) => {
        const phone = width < 768;
        const found: string[] = [];
        await openAsAdmin(page, screen.path);
        await expect(screen.ready(page)).toBeVisible({ timeout: 20_000 });
        for (const v of await violations(page)) found.push(`pantalla: ${v}`);
        if (screen.path === '/dashboard')
          for (const v of await nameMismatches(page)) found.push(`barra: ${v}`);
        if (screen.add) {
          await page.getByRole('button', { name: 'Agregar', exact: true }).click();
          await checkDialog(page, 'Agregar', found);
        }
        if (screen.edit) {
          expect(await rowAction(page, /^Editar/)).toBe(true);
          await checkDialog(page, 'Editar', found);
        }
        if (screen.remove) {
          expect(await rowAction(page, /^Eliminar/)).toBe(true);
          await checkDialog(page, 'Eliminar', found);
        }
        await screen.extra?.(page, found, phone);
        expect(found).toEqual([]);
      });
    }
  });
}
