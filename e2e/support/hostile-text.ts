import type { TBranch, TEvent, TNotification, TSurveyDetail } from '@panel/shared';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { apiCreate, apiLogin, auth, createBranch, createUser, pngImage, unique } from './api.ts';
import { createAppPost, type Seller } from './community.ts';
import { createNotification, createNotificationType } from './schedule-api.ts';

/**
 * User text that is HTML or script (issue 13, deliver 6). Every payload carries `data-xss`, so an
 * element made from it is found in the DOM whatever the screen does with it, and sets
 * `window.__xss` if it ever runs.
 */
export const PAYLOADS = {
  img: '<img src=x data-xss onerror=window.__xss=1>',
  script: '<script data-xss>window.__xss=1</script>',
  svg: '"><svg data-xss onload=window.__xss=1>',
} as const;
const ALL = `${PAYLOADS.img} ${PAYLOADS.script} ${PAYLOADS.svg}`;

export interface HostileSeed {
  marker: string;
  branch: TBranch;
  seller: Seller;
  post: { id: number; content: string };
  comment: string;
  notification: TNotification;
  notificationTypeName: string;
  event: TEvent;
  eventTypeName: string;
  survey: TSurveyDetail;
  question: string;
  option: string;
  answer: string;
}

/** Every kind of user text the screens show, created through the API with payloads in it. */
export async function seedHostileTexts(request: APIRequestContext): Promise<HostileSeed> {
  const marker = `xss${unique()}`;
  const admin = await apiLogin(request);

  const branch = await createBranch(request, admin, { name: `Sucursal ${marker} ${PAYLOADS.svg}` });
  const email = `hostil.${marker}@demo.local`;
  const password = 'clave-segura-2026';
  const user = await createUser(request, admin, {
    name: `Vendedora ${marker} ${PAYLOADS.img}`,
    email,
    password,
    role: 'seller',
    branch_id: branch.id,
  });
  const seller: Seller = { user, email, password, token: await apiLogin(request, email, password) };

  const content = `Publicación ${marker} ${ALL}`;
  const created = await createAppPost(request, seller.token, content, [await pngImage('#2b8a3e', 64, 64)]);
  const comment = `Comentario ${marker} ${ALL}`;
  const commented = await request.post(`/api/app/posts/${created.id}/comments`, {
    headers: auth(seller.token),
    data: { content: comment },
  });
  expect(commented.status(), await commented.text()).toBe(201);

  const notificationTypeName = `Tipo ${marker} ${PAYLOADS.script}`.slice(0, 80);
  const type = await createNotificationType(request, admin, { name: notificationTypeName, color: '#5b4bb7' });
  const notification = await createNotification(request, admin, {
    title: `Aviso ${marker} ${PAYLOADS.img}`,
    message: `Mensaje ${marker} ${ALL}`,
    notification_type_id: type.id,
    branch_id: branch.id,
  });

  const eventTypeName = `Tipo ev ${marker} ${PAYLOADS.svg}`.slice(0, 80);
  const eventType = await apiCreate<{ id: number }>(request, admin, '/api/event-types', {
    name: eventTypeName,
    color: '#e8590c',
  });
  // Soon, so the app's agenda (upcoming events) and the panel's calendar (this month) both show it.
  const start = Date.now() + 10 * 60_000;
  const event = await apiCreate<TEvent>(request, admin, '/api/events', {
    title: `Evento ${marker} ${PAYLOADS.script}`,
    description: `Descripción ${marker} ${ALL}`,
    event_type_id: eventType.id,
    branch_id: branch.id,
    start_at: new Date(start).toISOString(),
    end_at: new Date(start + 60 * 60_000).toISOString(),
  });

  const question = `Pregunta ${marker} ${ALL}`;
  const option = `Opción ${marker} ${PAYLOADS.svg}`;
  const survey = await apiCreate<TSurveyDetail>(request, admin, '/api/admin/surveys', {
    title: `Encuesta ${marker} ${PAYLOADS.img}`,
    description: `Descripción ${marker} ${ALL}`,
    active: true,
    branch_id: branch.id,
    points_reward: 5,
    questions: [
      { question_text: question, type: 'text', required: true },
      {
        question_text: `Elegí ${marker} ${PAYLOADS.script}`,
        type: 'multiple_choice',
        options: [option, 'Otra'],
      },
    ],
  });
  const answer = `Respuesta ${marker} ${ALL}`;
  const answered = await request.post(`/api/app/surveys/${survey.id}/responses`, {
    headers: auth(seller.token),
    data: {
      answers: [
        { question_id: survey.questions[0]!.id, value: answer },
        { question_id: survey.questions[1]!.id, value: option },
      ],
    },
  });
  expect(answered.status(), await answered.text()).toBe(201);

  return {
    marker,
    branch,
    seller,
    post: { id: created.id, content },
    comment,
    notification,
    notificationTypeName,
    event,
    eventTypeName,
    survey,
    question,
    option,
    answer,
  };
}

/**
 * Watches a page for anything a payload could cause: a CSP violation (an inline handler or
 * script the policy blocked) and console errors. Call before the first navigation.
 */
export async function watchPage(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`consola: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`error: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP: ${e.violatedDirective} ${e.blockedURI} ${e.sample}`);
    });
  });
  return problems;
}

/**
 * The text is on screen as it was typed, and nothing came of its payloads: no element from them,
 * nothing ran, no CSP violation or console error.
 */
export async function expectShownAsText(page: Page, texts: string[], problems: string[]) {
  for (const text of texts) {
    await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  }
  await expect(page.locator('[data-xss]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(problems).toEqual([]);
}
