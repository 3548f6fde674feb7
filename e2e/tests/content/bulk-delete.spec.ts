import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, auth, createPost, pngImage, unique } from '../../support/api.ts';
import { createStory } from '../../support/community.ts';
import { createEvent, createNotification } from '../../support/schedule-api.ts';
import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

// "Eliminar seleccionadas" (issue 21, item 10) on the four screens that delete many at once: the
// same list component and the same server pattern as Vendedores' bulk change.

interface Screen {
  path: string;
  title: string;
  search: string;
  resource: string;
  one: string;
  many: string;
  notFound: string;
  create: (request: APIRequestContext, token: string, text: string) => Promise<{ id: number }>;
}

const tomorrow = () => new Date(Date.now() + 86_400_000);

const SCREENS: Screen[] = [
  {
    path: '/posts',
    title: 'Publicaciones',
    search: 'Buscar por contenido...',
    resource: 'posts',
    one: 'publicación',
    many: 'publicaciones',
    notFound: 'Alguna de las publicaciones elegidas ya no existe: no se eliminó ninguna',
    create: async (request, token, text) =>
      createPost(request, token, text, await pngImage('#1f959c', 64, 48)),
  },
  {
    path: '/stories',
    title: 'Historias',
    search: 'Buscar por título...',
    resource: 'stories',
    one: 'historia',
    many: 'historias',
    notFound: 'Alguna de las historias elegidas ya no existe: no se eliminó ninguna',
    create: async (request, token, text) =>
      createStory(request, token, text, await pngImage('#5b4bb7', 72, 128)),
  },
  {
    path: '/notifications',
    title: 'Notificaciones',
    search: 'Buscar...',
    resource: 'notifications',
    one: 'notificación',
    many: 'notificaciones',
    notFound: 'Alguna de las notificaciones elegidas ya no existe: no se eliminó ninguna',
    create: (request, token, text) =>
      createNotification(request, token, { title: text, message: 'Borrable' }),
  },
  {
    path: '/events',
    title: 'Eventos',
    search: 'Buscar...',
    resource: 'events',
    one: 'evento',
    many: 'eventos',
    notFound: 'Alguno de los eventos elegidos ya no existe: no se eliminó ninguno',
    create: (request, token, text) =>
      createEvent(request, token, {
        title: text,
        start_at: tomorrow().toISOString(),
        end_at: new Date(tomorrow().getTime() + 3_600_000).toISOString(),
      }),
  },
];

async function open(page: Page, screen: Screen, tag: string) {
  await openAsAdmin(page, screen.path);
  await expect(page.getByRole('heading', { name: screen.title, level: 1 })).toBeVisible();
  await page.getByPlaceholder(screen.search).fill(tag);
}

const bar = (page: Page) => page.getByRole('region', { name: 'Filas seleccionadas' });

for (const screen of SCREENS) {
  test(`${screen.title}: selects rows and deletes them at once after confirming the count`, async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request);
    const tag = `Lote ${unique()}`;
    for (const n of [1, 2, 3]) await screen.create(request, token, `${tag} ${n}`);
    await open(page, screen, tag);
    await expect(page.getByText(/^1-3 de 3$/)).toBeVisible({ timeout: 15_000 });

    await page.getByRole('checkbox', { name: 'Seleccionar todas las filas de la página' }).check();
    await page
      .getByRole('row')
      .filter({ hasText: `${tag} 3` })
      .getByRole('checkbox')
      .uncheck();
    await expect(bar(page)).toContainText('2 seleccionados');
    await bar(page).getByRole('button', { name: 'Eliminar seleccionadas' }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar seleccionadas' });
    await expect(confirm).toContainText(`¿Eliminar 2 ${screen.many}?`);
    await confirm.getByRole('button', { name: 'Eliminar 2' }).click();
    await expect(page.getByText(`Se eliminaron 2 ${screen.many}`)).toBeVisible();
    await expect(page.getByText(/^1-1 de 1$/)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('row').filter({ hasText: `${tag} 3` })).toHaveCount(1);
    await expect(bar(page)).toHaveCount(0);
  });

  test(`${screen.title}: one row deleted meanwhile refuses the whole delete and says so`, async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request);
    const tag = `Resto ${unique()}`;
    const [first, second] = [
      await screen.create(request, token, `${tag} 1`),
      await screen.create(request, token, `${tag} 2`),
    ];
    await open(page, screen, tag);
    await expect(page.getByText(/^1-2 de 2$/)).toBeVisible({ timeout: 15_000 });
    await page.getByRole('checkbox', { name: 'Seleccionar todas las filas de la página' }).check();
    // Someone else deletes one of them before the admin confirms.
    const gone = await request.delete(`/api/${screen.resource}/${first!.id}`, { headers: auth(token) });
    expect(gone.status()).toBe(204);
    await bar(page).getByRole('button', { name: 'Eliminar seleccionadas' }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar seleccionadas' });
    await confirm.getByRole('button', { name: 'Eliminar 2' }).click();
    await expect(page.getByText(screen.notFound)).toBeVisible();
    // Nothing was deleted: the other one is still there.
    const still = await request.get(`/api/${screen.resource}?q=${encodeURIComponent(`${tag} 2`)}`, {
      headers: auth(token),
    });
    expect(((await still.json()) as { data: { id: number }[] }).data.map((r) => r.id)).toEqual([second!.id]);
    await expect(page.getByText(/^1-1 de 1$/)).toBeVisible({ timeout: 15_000 });
  });
}

test('on a phone, cards are selected and deleted the same way', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const screen = SCREENS[0]!;
  const token = await apiLogin(request);
  const tag = `Celu ${unique()}`;
  for (const n of [1, 2]) await screen.create(request, token, `${tag} ${n}`);
  await open(page, screen, tag);
  const list = page.getByRole('list', { name: 'Lista de Publicaciones' });
  await expect(list.getByRole('listitem')).toHaveCount(2, { timeout: 15_000 });
  await page
    .getByRole('checkbox', { name: /Seleccionar la publicación de/ })
    .first()
    .check();
  await page
    .getByRole('checkbox', { name: /Seleccionar la publicación de/ })
    .last()
    .check();
  await expect(bar(page)).toContainText('2 seleccionados');
  await bar(page).getByRole('button', { name: 'Eliminar seleccionadas' }).click();
  await page
    .getByRole('dialog', { name: 'Eliminar seleccionadas' })
    .getByRole('button', { name: 'Eliminar 2' })
    .click();
  await expect(page.getByText('Se eliminaron 2 publicaciones')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(0);
});
