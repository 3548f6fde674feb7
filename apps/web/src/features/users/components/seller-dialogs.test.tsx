import type { TUserActivity } from '@panel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/fetch-mock';
import { renderWithApp, signIn } from '../../../testing/render';
import { useSellerDialogs } from './seller-dialogs';

const seller = { id: 2, name: 'Vera Vendedora' };
const none = { posts: 0, likes: 0, comments: 0 };
const activity: TUserActivity = {
  user: { id: 2, name: seller.name, email: 'vera@demo.local', total_points: 40 },
  summary: { total_posts: 0, total_likes: 0, total_comments: 0, total_surveys: 0 },
  period_stats: { today: none, last_7_days: none, last_30_days: none },
  recent_activity: [],
};

function Harness() {
  const { open, dialogs } = useSellerDialogs();
  return (
    <>
      <button type="button" onClick={() => open('activity', seller)}>
        Actividad de {seller.name}
      </button>
      {dialogs}
    </>
  );
}

describe('Actividad of a seller', () => {
  it('a failed load closes it with its toast, whose "Reintentar" opens it again and loads', async () => {
    let fail = true;
    const { requests } = mockApi({
      'GET /api/users/2/activity': () =>
        fail ? { status: 500, body: { message: 'caído' } } : { body: { data: activity } },
    });
    signIn();
    const { user } = renderWithApp(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Actividad de Vera Vendedora' }));

    // The spec's text, alone in its element, and the dialog closed (§4, §8).
    const toast = await screen.findByRole('alert');
    expect(screen.getByText('Error al cargar actividad del usuario')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Actividad de Vera Vendedora' })).not.toBeInTheDocument(),
    );

    fail = false;
    await user.click(within(toast).getByRole('button', { name: 'Reintentar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Actividad de Vera Vendedora' });
    expect(await within(dialog).findByText('vera@demo.local')).toBeInTheDocument();
    expect(within(dialog).getByText('40 puntos')).toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname === '/api/users/2/activity')).toHaveLength(2);
  });
});
