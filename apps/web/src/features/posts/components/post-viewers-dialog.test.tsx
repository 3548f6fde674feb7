import type { TPost } from '@panel/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/fetch-mock';
import { renderWithApp, signIn } from '../../../testing/render';
import { PostViewersDialog } from './post-viewers-dialog';

const post: TPost = {
  id: 9,
  content: 'Vidriera nueva',
  user_id: 1,
  user_name: 'Lucía Gómez',
  branch_id: null,
  branch_name: null,
  images: [],
  likes_count: 0,
  comments_count: 0,
  seen_count: 1,
  audience_count: 3,
  created_at: '2026-12-03T12:00:00.000Z',
  publish_at: null,
};
const page = (data: object[]) => ({
  data,
  meta: { page: 1, per_page: 50, total: data.length, last_page: 1 },
});
let asked: string[];

beforeEach(() => {
  signIn();
  asked = [];
  mockApi({
    'GET /api/posts/9/reach': () => ({
      body: {
        data: {
          seen: 1,
          audience: 3,
          by_branch: [
            { branch_id: 1, branch_name: 'Centro', seen: 1, audience: 2 },
            { branch_id: 2, branch_name: 'Norte', seen: 0, audience: 1 },
          ],
        },
      },
    }),
    'GET /api/posts/9/viewers': ({ url }) => {
      const seen = url.searchParams.get('seen');
      asked.push(`${seen}:${url.searchParams.get('per_page')}`);
      return {
        body:
          seen === 'true'
            ? page([
                {
                  user_id: 5,
                  name: 'Ana Díaz',
                  email: 'a@x',
                  branch_name: 'Centro',
                  viewed_at: '2026-12-03T13:00:00.000Z',
                },
              ])
            : page([
                { user_id: 6, name: 'Beto Paz', email: 'b@x', branch_name: 'Centro', viewed_at: null },
                { user_id: 7, name: 'Ceci Ruiz', email: 'c@x', branch_name: 'Norte', viewed_at: null },
              ]),
      };
    },
  });
});

describe('PostViewersDialog', () => {
  it('lists who saw the post, 50 at a time, and under "No vieron" who has not, with the reach per branch', async () => {
    renderWithApp(<PostViewersDialog post={post} opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', {
      name: /^Vista por 1 de 3: la publicación de Lucía Gómez/,
    });
    expect(await screen.findByText('Ana Díaz')).toBeInTheDocument();
    expect(screen.getByText(/10:00 · Centro/)).toBeInTheDocument();
    expect(screen.getByText('Centro: 1 de 2')).toBeInTheDocument();
    expect(screen.getByText('Norte: 0 de 1')).toBeInTheDocument();
    expect(screen.queryByText('Beto Paz')).toBeNull();

    await userEvent.click(screen.getByText('No vieron'));
    expect(await screen.findByText('Beto Paz')).toBeInTheDocument();
    expect(screen.getByText('Ceci Ruiz')).toBeInTheDocument();
    expect(screen.queryByText('Ana Díaz')).toBeNull();
    expect(asked).toEqual(['true:50', 'false:50']);
    expect(dialog).toBeInTheDocument();
  });
});
