import type { TEngagement, TEngagementValues } from '@panel/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/fetch-mock';
import { adminUser, renderWithApp, signIn } from '../../../testing/render';
import { EngagementPage } from './engagement-page';

const values = (over: Partial<TEngagementValues>): TEngagementValues => ({
  sellers: 10,
  active_sellers: 5,
  posts_seen: 20,
  likes_per_active: 1.5,
  comments_per_active: 0.5,
  notifications_read_24h: 0.5,
  survey_response_rate: null,
  ...over,
});

const TWO_WEEKS = {
  active_sellers: [0, 0],
  posts_seen: [0, 0],
  likes_per_active: [0, 0],
  comments_per_active: [0, 0],
  notifications_read_24h: [null, null],
  survey_response_rate: [null, null],
};

const report = (weeks: number): TEngagement => ({
  weeks,
  week_starts: ['2026-02-09', '2026-02-16'],
  period: { from: '2026-02-09', to: '2026-03-08' },
  previous: { from: '2026-01-12', to: '2026-02-08' },
  company: {
    period: values({ sellers: 30, active_sellers: 18 }),
    previous: values({ sellers: 30, active_sellers: 12 }),
    weekly: TWO_WEEKS,
  },
  branches: [
    {
      branch_id: 1,
      branch_name: 'Centro',
      period: values({ active_sellers: 9 }),
      previous: values({ active_sellers: 6 }),
      weekly: TWO_WEEKS,
    },
    {
      branch_id: 2,
      branch_name: 'Norte',
      period: values({ active_sellers: 2, survey_response_rate: 0.25 }),
      previous: values({ active_sellers: 4 }),
      weekly: TWO_WEEKS,
    },
    {
      branch_id: 3,
      branch_name: 'Sur',
      period: values({ active_sellers: 7 }),
      previous: values({ active_sellers: 7 }),
      weekly: TWO_WEEKS,
    },
  ],
});

const inactive = {
  data: [
    {
      id: 7,
      name: 'Fede Páez',
      email: 'fede@empresa.com.ar',
      branch_id: 2,
      branch_name: 'Norte',
      last_visit: '2026-01-20',
    },
  ],
  meta: { page: 1, per_page: 20, total: 1, last_page: 1 },
};

const branchOrder = () =>
  within(screen.getByTestId('engagement-table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('EngagementPage', () => {
  it('shows the branches with their changes, sorts by a column and switches the period', async () => {
    const { requests } = mockApi({
      'GET /api/engagement': (req) => ({ body: { data: report(Number(req.url.searchParams.get('weeks'))) } }),
      'GET /api/engagement/inactive': () => ({ body: inactive }),
    });
    signIn(adminUser, 'tok');
    renderWithApp(<EngagementPage />);

    await waitFor(() => expect(branchOrder()).toEqual(['Centro', 'Norte', 'Sur', 'Toda la empresa']));
    const table = screen.getByTestId('engagement-table');
    // Centro: 9 active, 6 before → +50 %; Norte 2 against 4 → −50 %; Sur the same → "=".
    const centro = within(table).getByRole('rowheader', { name: 'Centro' }).closest('tr') as HTMLElement;
    expect(within(centro).getByText('+50 %')).toBeInTheDocument();
    const norte = within(table).getByRole('rowheader', { name: 'Norte' }).closest('tr') as HTMLElement;
    expect(within(norte).getByText('−50 %')).toBeInTheDocument();
    expect(within(norte).getByText('25 %')).toBeInTheDocument();
    expect(screen.getByTestId('engagement-period')).toHaveTextContent(
      'Semanas completas del 09/02/2026 al 08/03/2026, comparadas con las del 12/01/2026 al 08/02/2026.',
    );

    const activos = within(table).getByRole('button', { name: 'Activos' });
    fireEvent.click(activos);
    expect(branchOrder()).toEqual(['Centro', 'Sur', 'Norte', 'Toda la empresa']);
    expect(activos.closest('th')).toHaveAttribute('aria-sort', 'descending');
    fireEvent.click(activos);
    expect(branchOrder()).toEqual(['Norte', 'Sur', 'Centro', 'Toda la empresa']);

    expect(await screen.findByText('Fede Páez')).toBeInTheDocument();
    expect(screen.getByText('Última visita: 20/01/2026')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'Últimas 12 semanas' }));
    await waitFor(() =>
      expect(
        requests.some(
          (r) => r.url.pathname === '/api/engagement' && r.url.searchParams.get('weeks') === '12',
        ),
      ).toBe(true),
    );
  });

  it('says so when the data cannot be loaded, with "Reintentar"', async () => {
    mockApi({
      'GET /api/engagement': () => ({ status: 500, body: { message: 'Error interno' } }),
    });
    signIn(adminUser, 'tok');
    renderWithApp(<EngagementPage />);
    expect(await screen.findByText('Error al cargar la participación')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
