import type { TAppLeaderboard, TAppMyPoints } from '@panel/shared';
import { answerJson } from '../../support/answers.ts';
import { auth, unique } from '../../support/api.ts';
import { appGet, newSeller, openAppAs } from '../../support/community.ts';
import { expect, test } from '../../support/test.ts';

test('Mis puntos: total, this month, rank in the branch, the branch ranking with my row, and the history paged', async ({
  page,
  request,
}) => {
  const { seller, admin } = await newSeller(request);
  // 12 answered surveys: more than one page (20) of history, and a place in the branch's ranking.
  for (let i = 0; i < 12; i++) {
    const res = await request.post('/api/admin/surveys', {
      headers: auth(admin),
      data: {
        title: `Rápida ${i} ${unique()}`,
        active: true,
        branch_id: null,
        points_reward: 5,
        questions: [{ question_text: '¿Todo bien?', type: 'boolean', required: true }],
      },
    });
    expect(res.status()).toBe(201);
    const survey = ((await res.json()) as { data: { id: number; questions: { id: number }[] } }).data;
    const answer = await request.post(`/api/app/surveys/${survey.id}/responses`, {
      headers: auth(seller.token),
      data: { answers: [{ question_id: survey.questions[0]!.id, value: true }] },
    });
    expect(answer.status(), await answer.text()).toBe(201);
  }
  const history = await appGet<{ meta: { total: number } }>(
    request,
    seller.token,
    '/api/app/me/transactions',
  );
  expect(history.meta.total).toBeGreaterThan(20);

  // The figures the screen itself was given: other tests running beside this one add sellers to the
  // ranking, so a second read could already count one more ("de 41" against the screen's "de 40").
  const loaded = answerJson<{ data: TAppMyPoints }>(
    page,
    (url, response) => url.pathname === '/api/app/me/points' && response.ok(),
  );
  await openAppAs(page, seller, 'puntos');
  await expect(page.getByRole('heading', { name: 'Mis puntos', level: 1 })).toBeVisible();
  const { data: points } = await loaded;
  const summary = page.getByRole('region', { name: 'Resumen de puntos' });
  await expect(summary).toContainText(`${points.total_points.toLocaleString('es-AR')}puntos en total`);
  await expect(summary).toContainText(`${points.month_points.toLocaleString('es-AR')}este mes`);
  expect(points.branch_rank).not.toBeNull();
  await expect(summary).toContainText(
    `${points.branch_rank}°en tu sucursal, de ${points.branch_ranked_sellers}`,
  );

  const { data: board } = await appGet<{ data: TAppLeaderboard }>(
    request,
    seller.token,
    '/api/app/leaderboard',
  );
  const ranking = page.getByRole('region', { name: /^Ranking de/ });
  await expect(ranking).toContainText(board.branch_name!);
  const mine = ranking.locator('[aria-current="true"]');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(seller.user.name);
  await expect(mine).toContainText('Vos');

  const list = page.getByRole('region', { name: 'Historial' });
  await expect(list.getByRole('listitem')).toHaveCount(20);
  await list.getByRole('button', { name: 'Ver más' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(history.meta.total);
  await expect(list.getByRole('button', { name: 'Ver más' })).toHaveCount(0);
});

test("a new seller's first sign-in of the day is their first line of history", async ({ page, request }) => {
  const { seller } = await newSeller(request);
  const { data } = await appGet<{ data: TAppMyPoints }>(request, seller.token, '/api/app/me/points');
  await openAppAs(page, seller, 'puntos');
  const summary = page.getByRole('region', { name: 'Resumen de puntos' });
  await expect(summary).toContainText(`${data.total_points.toLocaleString('es-AR')}puntos en total`);
  const history = page.getByRole('region', { name: 'Historial' });
  await expect(history.getByRole('listitem')).toHaveCount(data.recent_transactions.length);
  if (data.recent_transactions[0]) {
    await expect(history.getByRole('listitem').first()).toContainText(
      data.recent_transactions[0].action!.name,
    );
  } else {
    await expect(history).toContainText('Todavía no sumaste puntos.');
  }
});

test.describe('without the service worker (so the test can answer the calls)', () => {
  test.use({ serviceWorkers: 'block' });

  test('points that fail to load say "Error al cargar tus puntos"', async ({ page, request }) => {
    const { seller } = await newSeller(request);
    await page.route('**/api/app/me/points', (route) => route.fulfill({ status: 500, body: '' }));
    await openAppAs(page, seller, 'puntos');
    await expect(page.getByRole('alert').first()).toContainText('Error al cargar tus puntos');
  });
});
