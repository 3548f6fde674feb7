import { MEDIA_MSG, type TStory } from '@panel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/fetch-mock';
import { onPhone } from '../../../testing/list-fixtures';
import { renderWithApp, signIn } from '../../../testing/render';
import { StoryList, storyStatusNote } from './story-list';

// Issue 21, item 4: a story shows its start and end, and an active one that has not started says so.
const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-27T12:00:00Z'); // 09:00 in Buenos Aires

function story(overrides: Partial<TStory>): TStory {
  return {
    id: 1,
    title: 'Historia',
    image: '/files/a.webp',
    thumb_url: '/files/a-thumb.webp',
    user_name: 'Administrador Demo',
    active: true,
    is_live: true,
    branch_id: null,
    branch: null,
    starts_at: null,
    ends_at: null,
    expires_at: new Date(NOW + 20 * HOUR).toISOString(),
    publish_at: null,
    views_count: 0,
    created_at: new Date(NOW - 4 * HOUR).toISOString(),
    ...overrides,
  };
}

// Tomorrow 09:30 in Buenos Aires (UTC-3).
const TOMORROW = '2026-11-28T12:30:00.000Z';
const STORIES: TStory[] = [
  story({ id: 1, title: 'En curso', starts_at: '2026-11-27T10:00:00.000Z' }),
  story({
    id: 2,
    title: 'Mañana',
    is_live: false,
    starts_at: TOMORROW,
    ends_at: '2026-11-29T12:30:00.000Z',
    expires_at: '2026-11-29T12:30:00.000Z',
  }),
  story({ id: 3, title: 'Apagada', active: false, is_live: false }),
  story({
    id: 4,
    title: 'Vencida',
    is_live: false,
    ends_at: '2026-11-26T21:00:00.000Z',
    expires_at: '2026-11-26T21:00:00.000Z',
  }),
];

const page = (data: TStory[]) => ({
  data,
  meta: { page: 1, per_page: 5, total: data.length, last_page: 1 },
});

describe('storyStatusNote', () => {
  it('says when a story that is not live yet starts, or when one ended; nothing otherwise', () => {
    expect(storyStatusNote(STORIES[0]!, NOW)).toBeNull();
    expect(storyStatusNote(STORIES[1]!, NOW)).toBe('empieza 28-11-2026 09:30');
    expect(storyStatusNote(STORIES[2]!, NOW)).toBeNull();
    expect(storyStatusNote(STORIES[3]!, NOW)).toBe('venció 26-11-2026 18:00');
    // No end: 24 h from its start, so a story two days ahead is waiting for its start.
    const later = story({
      is_live: false,
      starts_at: '2026-11-29T12:30:00.000Z',
      expires_at: '2026-11-30T12:30:00.000Z',
    });
    expect(storyStatusNote(later, NOW)).toBe('empieza 29-11-2026 09:30');
  });
});

describe('StoryList', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows each story’s start and end, and "Inactiva · empieza 28-11-2026 09:30" for one not started', async () => {
    mockApi({ 'GET /api/stories': () => ({ body: page(STORIES) }) });
    renderWithApp(<StoryList />, { route: '/stories' });
    const rowOf = async (title: string) =>
      (await screen.findByText(title, {}, { timeout: 5000 })).closest('tr') as HTMLElement;
    expect(screen.getByRole('columnheader', { name: 'Inicio' })).toBeInTheDocument();
    const tomorrow = await rowOf('Mañana');
    expect(tomorrow).toHaveTextContent('Inactiva · empieza 28-11-2026 09:30');
    expect(tomorrow).toHaveTextContent('28-11-2026 09:30');
    expect(tomorrow).toHaveTextContent('29-11-2026 09:30');
    const running = await rowOf('En curso');
    expect(running).toHaveTextContent('Activa');
    expect(running).toHaveTextContent('27-11-2026 07:00');
    expect(running).toHaveTextContent('24h');
    expect(await rowOf('Apagada')).not.toHaveTextContent('·');
    // Without a start date a story starts when it is made.
    expect(await rowOf('Apagada')).toHaveTextContent('27-11-2026 05:00');
    expect(await rowOf('Vencida')).toHaveTextContent('Inactiva · venció 26-11-2026 18:00');
  });

  it('a scheduled story says "Programada · lun 7 dic, 08:00" and its "Programación" publishes it now', async () => {
    signIn();
    const scheduled = story({
      id: 5,
      title: 'Lanzamiento',
      is_live: false,
      publish_at: '2026-12-07T11:00:00.000Z',
      expires_at: '2026-12-08T11:00:00.000Z',
    });
    const { requests } = mockApi({
      'GET /api/stories': () => ({ body: page([scheduled, STORIES[0]!]) }),
      'PUT /api/stories/5/publication': () => ({ body: { data: { ...scheduled, publish_at: null } } }),
      'GET /api/audit': () => ({
        body: { data: [], meta: { page: 1, per_page: 20, total: 0, last_page: 1 } },
      }),
    });
    const { user } = renderWithApp(<StoryList />, { route: '/stories' });
    const row = (await screen.findByText('Lanzamiento', {}, { timeout: 5000 })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Programada · lun 7 dic, 08:00');
    // Its start is its publication when it has none of its own.
    expect(row).toHaveTextContent('07-12-2026 08:00');
    expect(screen.queryByRole('button', { name: 'Cambiar la programación de «En curso»' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Cambiar la programación de «Lanzamiento»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Programación de la historia' });
    expect(within(dialog).getByRole('textbox', { name: /Fecha de publicación/ })).toHaveValue(
      '07/12/2026 08:00',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: 'Programar' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({});
  });

  it('fails to load with the screen’s text and "Reintentar", which loads the rows', async () => {
    let fail = true;
    mockApi({
      'GET /api/stories': () => (fail ? { status: 500, body: {} } : { body: page(STORIES) }),
    });
    const { user } = renderWithApp(<StoryList />, { route: '/stories' });
    expect(await screen.findByText(MEDIA_MSG.storiesLoadError, {}, { timeout: 5000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    const row = (await screen.findByText('Mañana', {}, { timeout: 5000 })).closest('tr');
    expect(row).toHaveTextContent('Inactiva · empieza 28-11-2026 09:30');
    expect(screen.queryByText(MEDIA_MSG.storiesLoadError)).toBeNull();
  });
});

describe('StoryList below 768 px', () => {
  onPhone();
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is a card with the status, its note, the start and the end', async () => {
    mockApi({ 'GET /api/stories': () => ({ body: page(STORIES) }) });
    renderWithApp(<StoryList />, { route: '/stories' });
    await waitFor(
      () => expect(document.querySelectorAll('ul[aria-label="Lista de Historias"] > li')).toHaveLength(4),
      {
        timeout: 5000,
      },
    );
    const card = [...document.querySelectorAll<HTMLElement>('ul[aria-label="Lista de Historias"] > li')].find(
      (li) => li.textContent?.includes('Mañana'),
    )!;
    expect(card).toHaveTextContent('Inactiva · empieza 28-11-2026 09:30');
    expect(within(card).getByText('Inicio')).toBeInTheDocument();
    expect(card).toHaveTextContent('28-11-2026 09:30');
    expect(within(card).getByText('Vence')).toBeInTheDocument();
    expect(card).toHaveTextContent('29-11-2026 09:30');
  });
});
