import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiLogin, createPost, pngImage, unique } from '../../support/api.ts';
import { openAsAdmin, storePanelSession } from '../../support/ui.ts';

// Issue 21: every screen fits every window. At each width one page visits every screen (and
// Vendedores' per-seller dialogs) and fails if the document or any element scrolls sideways, or if a
// row's action sits outside the window.

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
] as const;

/** Every screen of the menu; `actions` when its rows (or cards) carry actions. */
const SCREENS: { path: string; ready?: string; actions?: boolean }[] = [
  { path: '/dashboard', ready: '.recharts-surface' },
  { path: '/posts', ready: '[data-id]', actions: true },
  { path: '/stories', ready: '[data-id]', actions: true },
  { path: '/notification-types', ready: '[data-id]', actions: true },
  { path: '/notifications', ready: '[data-id]', actions: true },
  { path: '/event-types', ready: '[data-id]', actions: true },
  { path: '/events', ready: '[data-id]', actions: true },
  { path: '/branches', ready: '[data-id]', actions: true },
  { path: '/users', ready: '[data-id]', actions: true },
  { path: '/calendar', ready: '.fc-daygrid-day, .fc-list' },
  { path: '/suppliers', ready: '[data-id]', actions: true },
  { path: '/brands', ready: '[data-id]', actions: true },
  { path: '/points-dashboard', ready: '.recharts-surface' },
  { path: '/points-leaderboard?period=all_time', ready: '[data-testid="podium-card"]' },
  { path: '/points-transactions', ready: '[data-id]' },
  { path: '/point-actions', ready: '[data-id]', actions: true },
  { path: '/surveys', ready: '[data-testid="survey-card"]', actions: true },
  // Its entries come from the branch edited in beforeAll (the demo seed writes none).
  { path: '/audit', ready: '[data-id]', actions: true },
];

/** What scrolls sideways: the document, or any element whose content is wider than its box. */
function sidewaysScrollers(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth) out.push(`document (${doc.scrollWidth} > ${doc.clientWidth})`);
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      if (el.clientWidth === 0 || el.scrollWidth <= el.clientWidth + 1) continue;
      const { overflowX } = getComputedStyle(el);
      if (overflowX !== 'auto' && overflowX !== 'scroll') continue;
      const name = el.getAttribute('aria-label') ?? el.className.toString().slice(0, 60);
      out.push(`${el.tagName.toLowerCase()} «${name}» (${el.scrollWidth} > ${el.clientWidth})`);
    }
    return out;
  });
}

/** The row actions (buttons and links in `[data-row-actions]`) that do not lie inside the window. */
function actionsOutside(page: Page) {
  return page.evaluate(() => {
    const actions = Array.from(document.querySelectorAll<HTMLElement>('[data-row-actions] :is(button, a)'));
    const outside = actions
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width === 0 || r.left < 0 || r.right > window.innerWidth;
      })
      .map((el) => el.getAttribute('aria-label') ?? el.textContent ?? '?');
    return { count: actions.length, outside };
  });
}

let storageState: Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['storageState']>>;

test.beforeAll(async ({ browser, request }) => {
  const token = await apiLogin(request);
  const me = await request.get('/api/me', { headers: { Authorization: `Bearer ${token}` } });
  const user = ((await me.json()) as { data: unknown }).data;
  // One audited write, so Auditoría has rows (with a long before/after) at every width.
  const branches = await request.get('/api/branches?per_page=5', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const [first] = ((await branches.json()) as { data: { id: number; name: string }[] }).data;
  const edited = await request.put(`/api/branches/${first!.id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name: first!.name,
      city: 'Villa General San Martín de los Andes',
      address: 'Avenida del Libertador General San Martín 12345, piso 3, oficina B',
    },
  });
  expect(edited.status()).toBe(200);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await storePanelSession(page, token, user);
  storageState = await context.storageState();
  await context.close();
});

for (const viewport of WIDTHS) {
  test(`at ${viewport.width} px no screen scrolls sideways and every row action is in the window`, async ({
    browser,
  }) => {
    // A budget per screen it walks (and its dialogs): 120 s for all of them ran out at Auditoría, the
    // last, on a loaded machine.
    test.setTimeout(SCREENS.length * 15_000);
    const context = await browser.newContext({ viewport, storageState });
    const page = await context.newPage();
    const problems: string[] = [];
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      // Generous: on a machine shared by several suites a screen's chunk can take a while.
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible({
        timeout: 30_000,
      });
      if (screen.ready) await page.locator(screen.ready).first().waitFor({ timeout: 30_000 });
      else await page.waitForLoadState('networkidle');
      for (const s of await sidewaysScrollers(page)) problems.push(`${screen.path}: ${s}`);
      const actions = await actionsOutside(page);
      if (screen.actions && actions.count === 0) problems.push(`${screen.path}: no row actions found`);
      for (const a of actions.outside) problems.push(`${screen.path}: action «${a}» outside the window`);
    }
    // Vendedores' per-seller dialogs (the month grids), opened from the demo seller's row or card.
    await page.goto('/users?q=vendedor%40demo.local');
    const seller = page.locator('[data-id]').first();
    for (const [button, ready] of [
      ['Actividad', 'Resumen General'],
      ['Volúmenes', 'Enero'],
      ['Unidades', 'Proveedor'],
    ] as const) {
      const direct = seller.getByRole('button', { name: new RegExp(`^${button} de `) });
      await seller.waitFor();
      if (await direct.count()) await direct.click();
      else {
        await seller.getByRole('button', { name: /^Más acciones de / }).click();
        await page.getByRole('menuitem', { name: button }).click();
      }
      const dialog = page.getByRole('dialog');
      await dialog.getByText(ready).first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      for (const s of await sidewaysScrollers(page)) problems.push(`${button} dialog: ${s}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
    // Auditoría's before/after dialog, with the long address of the branch edited in beforeAll.
    await page.goto('/audit?entity=branches&action=update');
    const entry = page.locator('[data-id]').first();
    await entry.getByRole('button', { name: /^Ver cambios de / }).click();
    const changes = page.getByRole('dialog');
    await changes.getByRole('table', { name: 'Campos cambiados' }).waitFor({ timeout: 30_000 });
    for (const s of await sidewaysScrollers(page)) problems.push(`audit entry dialog: ${s}`);
    // A field's name wraps between words only ("Modificado" once broke into "Modificad/o" on a phone).
    const split = await changes.locator('tbody th').evaluateAll((cells) =>
      cells.flatMap((cell) => {
        const text = cell.firstChild?.nodeType === Node.TEXT_NODE ? cell.firstChild : null;
        if (!text) return [];
        return [...(text.textContent ?? '').matchAll(/\S+/g)]
          .filter((word) => {
            const range = document.createRange();
            range.setStart(text, word.index);
            range.setEnd(text, word.index + word[0].length);
            return range.getClientRects().length > 1;
          })
          .map((word) => word[0]);
      }),
    );
    for (const word of split) problems.push(`audit entry dialog: the field name «${word}» is split`);
    await page.keyboard.press('Escape');
    await changes.waitFor({ state: 'hidden' });
    await context.close();
    // The sign-in screen, signed out.
    const signedOut = await browser.newContext({ viewport });
    const login = await signedOut.newPage();
    await login.goto('/login');
    await login.getByRole('button', { name: 'Ingresar' }).waitFor();
    for (const s of await sidewaysScrollers(login)) problems.push(`/login: ${s}`);
    await signedOut.close();
    expect(problems).toEqual([]);
  });
}

test('a cut text shows whole on hover and on keyboard focus, over the rows below without moving them', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const token = await apiLogin(request);
  const tag = unique();
  const content = `Texto largo ${tag}: ${'la reunión del sábado repasa precios, stock y entregas de cada sucursal. '.repeat(5)}Fin.`;
  await createPost(request, token, content, await pngImage('#0b6c72'));
  await openAsAdmin(page, `/posts?q=${encodeURIComponent(tag)}`);
  const row = page.locator('tbody tr[data-id]').filter({ hasText: `Texto largo ${tag}` });
  const text = row.locator('[data-clamped]');
  await expect(text).toHaveCount(1, { timeout: 20_000 });
  const cut = () => text.evaluate((el) => el.scrollHeight > el.clientHeight + 1);
  expect(await cut()).toBe(true);
  const height = (await row.boundingBox())?.height;

  await text.hover();
  await expect.poll(cut).toBe(false);
  expect((await row.boundingBox())?.height).toBe(height);
  await page.mouse.move(0, 0);
  await expect.poll(cut).toBe(true);

  // The keyboard reaches it from the row's checkbox, and focus shows it whole too.
  await row.getByRole('checkbox').focus();
  for (let i = 0; i < 5 && !(await text.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(text).toBeFocused();
  await expect.poll(cut).toBe(false);
  expect((await row.boundingBox())?.height).toBe(height);
});
