import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/fetch-mock';
import { adminUser, renderWithApp, signIn } from '../../../testing/render';
import { DashboardPage } from './dashboard-page';

const card = (label: string) => screen.getByText(label, { selector: 'p' }).closest('div') as HTMLElement;

describe('DashboardPage counters (issue 21, item 14)', () => {
  it('keeps the spec labels and says what each number counts', async () => {
    mockApi({
      'GET /api/dashboard/summary': () => ({
        body: { data: { sellers: 57, users: 61, posts: 30, events: 27, upcoming_events: 5 } },
      }),
      'GET /api/dashboard/activity': () => ({
        body: { data: { days: [], upcoming_events: [], top_sellers: [] } },
      }),
    });
    signIn(adminUser, 'tok');
    renderWithApp(<DashboardPage />);
    expect(await screen.findByText('activos, de 61 usuarios en total')).toBeInTheDocument();
    expect(within(card('Vendedores')).getByText('57')).toBeInTheDocument();
    expect(within(card('Publicaciones')).getByText('30')).toBeInTheDocument();
    expect(screen.getByText('en total, de todas las sucursales')).toBeInTheDocument();
    expect(within(card('Eventos')).getByText('27')).toBeInTheDocument();
    expect(screen.getByText('en total; 5 de hoy a 7 días')).toBeInTheDocument();
  });

  it('shows no caption while the counters load', async () => {
    mockApi({
      'GET /api/dashboard/summary': () => new Promise(() => {}),
      'GET /api/dashboard/activity': () => new Promise(() => {}),
    });
    signIn(adminUser, 'tok');
    renderWithApp(<DashboardPage />);
    expect(await screen.findAllByTestId('stat-skeleton')).toHaveLength(3);
    expect(screen.queryByText(/en total/)).not.toBeInTheDocument();
  });
});
